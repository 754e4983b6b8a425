# GPU image: vLLM's official image plus addrx. Model weights come from a mounted volume.
FROM vllm/vllm-openai:v0.26.0
WORKDIR /app
COPY . /app
# The base image's own packages are pinned as constraints: installing addrx must not upgrade vLLM's torch,
# transformers or anything else it was built with (pip fails the build instead).
RUN pip list --format=freeze --exclude-editable > /tmp/base-constraints.txt \
    && pip install --no-cache-dir -c /tmp/base-constraints.txt -e .[cluster] \
    && pip install --no-cache-dir --no-deps jionlp==1.5.31
ENV ADDRX_HOST=0.0.0.0 ADDRX_PORT=8000 VLLM_PLUGINS=
ENTRYPOINT []
CMD ["python3", "-m", "service"]
