# GPU image: vLLM's official image plus addrx. Model weights come from a mounted volume.
FROM vllm/vllm-openai:v0.26.0
WORKDIR /app
COPY . /app
RUN pip install --no-cache-dir -e .[cluster] && pip install --no-cache-dir --no-deps jionlp==1.5.31
ENV ADDRX_HOST=0.0.0.0 ADDRX_PORT=8000 VLLM_PLUGINS=
ENTRYPOINT []
CMD ["python3", "-m", "service"]
