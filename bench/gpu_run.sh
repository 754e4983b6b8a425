#!/usr/bin/env bash
# Runs ON the GPU machine after the staged upload (../shared/gpu/README.md; wheels in /root/stash).
# Usage: bash bench/gpu_run.sh engine|structured|sft ...   (results under $OUT)
set -euo pipefail
export PYTHONPATH=/tmp/site VLLM_USE_FLASHINFER_SAMPLER=0 VLLM_PLUGINS= PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1
if [ ! -d /tmp/site/swift ]; then
  bash /root/stash/install.sh
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site /root/stash/whl/*.whl
fi
[ -d /tmp/q06 ] || python3 -m service.tiny_model /tmp/q06 --shape qwen3-0.6b
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader | tee "$OUT/gpu.txt"
for mode in "$@"; do case "$mode" in
  structured)
    python3 -m bench.structured_cost --model /tmp/q06 --records 512 --batch 256 2>&1 \
      | grep -v -E "INFO|WARNING|it/s]" | tee "$OUT/structured_cost.txt" ;;
  engine)
    python3 -m bench.engine_bench --model /tmp/q06 --max-tokens 64 --records 256 2>&1 \
      | grep -v -E "INFO|WARNING|it/s]" | tee "$OUT/engine_bench.txt" ;;
  sft)
    python3 -m finetune.generate --n 4000 --out /tmp/sftdata --val 0.02 --test 0.02
    (while sleep 1; do nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits; done >/tmp/mem.txt 2>&1 </dev/null) &
    MEM=$!
    trap 'kill $MEM 2>/dev/null || true' EXIT
    start=$(date +%s)
    python3 -m finetune.train --model /tmp/q06 --data /tmp/sftdata --out /tmp/sft --max-steps 80 --batch-size 16 \
      > /tmp/sft.log 2>&1 || { tail -c 4000 /tmp/sft.log; exit 1; }
    end=$(date +%s)
    grep -E "train_samples_per_second|max_length" /tmp/sft.log | tail -3 | tee "$OUT/sft.txt"
    echo "wall_s $((end - start)) peak_gpu_mem_mib $(sort -n /tmp/mem.txt | tail -1)" | tee -a "$OUT/sft.txt" ;;
esac; done
