#!/usr/bin/env bash
# Runs ON the GPU machine (issue 9): the stand-in base trained by ms-swift, then measured.
# Staging first (../shared/gpu/README.md): vLLM pieces and deps in /root/stash, plus this
# project's and ms-swift's wheels as .gpurun/wpart* (bench/stage_gpu_wheels.sh) copied there too.
# Usage: bash bench/gpu_stand_in.sh install|probe|train|poll|eval|curve|finetune|fpoll|serving   (results under $OUT)
# probe: training samples/s of FLAG_SETS side by side on one data subset, same steps. samples/s alone does not
# choose: group-by-length won the probe and lost on loss per minute (bench/results, 2026-12-01); train takes FLAGS.
# finetune: `make finetune` end to end with the stand-in as BASE_MODEL and the rules as teacher over the
# corpora's train texts, detached like train; fpoll follows it and brings back the report.
# serving (issue 10): LAYOUTS, BATCHES, CONC pick what bench.serving_bench measures on the stand-in.
# A layout without structured=0 measures guidance-constrained decoding (the service default is on).
set -euo pipefail
export PYTHONPATH=/tmp/site VLLM_USE_FLASHINFER_SAMPLER=0 VLLM_PLUGINS= PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 \
  TOKENIZERS_PARALLELISM=false ADDRX_CORPORA=$PWD/.gpurun/corpora
STEPS=${STEPS:-1250}
case "$1" in
  install)
    bash /root/stash/install.sh
    mkdir -p /root/stash/whl && cat /root/stash/wpart* | tar -x -C /root/stash/whl
    python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site /root/stash/whl/*.whl
    python3 -c "import swift, vllm, service.extract, addrdata; print('swift', swift.__version__, 'vllm', vllm.__version__)"
    nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee "$OUT/gpu.txt" ;;
  probe)
    mkdir -p /root/sidata /root/probe && tar -xzf "${DATA:-.gpurun/sidata.tgz}" -C /root/sidata
    head -n $(( ${PSTEPS:-80} * ${BATCH:-64} )) /root/sidata/train.jsonl > /root/probe/train.jsonl
    IFS=';' read -ra SETS <<< "${FLAG_SETS:-none;--group-by-length;--group-by-length --liger}"
    for flags in "${SETS[@]}"; do
      rm -rf /root/probe/run
      python3 -m finetune.stand_in --out /root/probe/run --data /root/probe --max-length "${MAXLEN:-320}" \
        --max-steps "${PSTEPS:-80}" --batch-size "${BATCH:-64}" ${flags/none/} > /root/probe/log 2>&1 || tail -c 3000 /root/probe/log
      python3 -c "import json,sys; s=json.load(open('/root/probe/run/summary.json')); print(f'{sys.argv[1]:<30} samples/s {s[\"train_samples_per_second\"]:>7.1f}  memory {s[\"memory_gib\"]} GiB  loss {s[\"last_loss\"]}')" "$flags" \
        2>/dev/null | tee -a "$OUT/probe.txt" || echo "$flags failed" | tee -a "$OUT/probe.txt"
    done
    ;;
  train)  # in its own process session: it outlives this call; `poll` follows it
    FLAGS=${FLAGS:-}; echo "flags: $FLAGS"
    mkdir -p /root/sidata && tar -xzf "${DATA:-.gpurun/sidata-lines.tgz}" -C /root/sidata
    setsid nohup bash -c 'while sleep 2; do nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits; done' \
      >/root/mem.txt 2>&1 </dev/null &
    setsid nohup bash -c "python3 -m finetune.stand_in --out /root/si --data /root/sidata --max-length ${MAXLEN:-256} \
      --max-steps $STEPS --batch-size ${BATCH:-64} --save-every ${SAVE_EVERY:-0} $FLAGS > /root/si_run.log 2>&1; echo EXIT \$? >> /root/si_run.log" \
      </dev/null >/dev/null 2>&1 &
    sleep 5; echo started ;;
  poll)
    for _ in $(seq "${WAIT:-40}"); do grep -q "^EXIT" /root/si_run.log 2>/dev/null && break; sleep 5; done
    grep -E "'loss'" /root/si/train.log 2>/dev/null | tail -2 | cut -c1-400 || true
    tail -c 1500 /root/si_run.log
    if grep -q "^EXIT 0" /root/si_run.log; then
      grep -E "'loss'" /root/si/train.log > "$OUT/train_curve.txt" || true
      tail -3 /root/si_run.log > "$OUT/stand_in.txt"
      echo "peak_gpu_mem_mib $(sort -n /root/mem.txt | tail -1)" | tee -a "$OUT/stand_in.txt"
      cp /root/si/summary.json "$OUT/"
    fi ;;
  eval)  # two engines and four post-processing processes: the serving layout, faster than one
    ADDRX_ENGINES=2 ADDRX_POSTPROCESS_WORKERS=4 ADDRX_MAX_NUM_SEQS=1024 python3 -m bench.accuracy --backend /root/si/model --sets generated,unseen,naacl-dev,waybill-dev --n 2000 \
      --no-jionlp --worst 10 2>&1 | grep --line-buffered -v -E "INFO|WARNING|it/s]|Processed prompts" | tee "$OUT/accuracy.txt" ;;
  curve)  # exact match by training minutes: every checkpoint train kept (SAVE_EVERY), served in turn
    ADDRX_MAX_NUM_SEQS=1024 python3 -m bench.stand_in_curve --summary /root/si/summary.json --n "${N:-500}" \
      --out "$OUT/curve.png" --json "$OUT/curve.json" 2>&1 | grep --line-buffered -v -E "INFO|WARNING|it/s]|Processed prompts" \
      | tee "$OUT/curve.txt" ;;
  finetune)  # detached; the corpora copied out of the tree it was carried in
    rm -rf /root/corpora && cp -r .gpurun/corpora /root/corpora
    setsid nohup bash -c "ADDRX_CORPORA=/root/corpora ADDRX_ENGINES=2 ADDRX_POSTPROCESS_WORKERS=4 ADDRX_MAX_NUM_SEQS=1024 \
      BASE_MODEL=/root/si/model TEACHER=rules PY=python3 N=${N:-20000} EPOCHS=${EPOCHS:-1} EVAL_LIMIT=${EVAL_LIMIT:-1000} \
      RUN=/root/ft bash finetune/run.sh > /root/ft_run.log 2>&1; echo EXIT \$? >> /root/ft_run.log" </dev/null >/dev/null 2>&1 &
    sleep 5; echo started ;;
  fpoll)
    for _ in $(seq "${WAIT:-40}"); do grep -q "^EXIT" /root/ft_run.log 2>/dev/null && break; sleep 5; done
    grep -v -E "INFO|WARNING|it/s]|Processed prompts" /root/ft_run.log | tail -c 2500
    mkdir -p "$OUT/ft"; cp /root/ft/stages.tsv /root/ft/distil/summary.json /root/ft/train.log "$OUT/ft/" 2>/dev/null || true
    cp -r /root/ft/eval "$OUT/ft/" 2>/dev/null || true ;;
  serving)
    python3 -m bench.serving_bench --model /root/si/model --texts .gpurun/bench_texts.jsonl --layouts "$LAYOUTS" \
      --batch-sizes "${BATCHES:-1,16,256,1000}" --concurrency "${CONC:-1,8}" --json "$OUT/serving.json" 2>&1 \
      | grep --line-buffered -v -E "INFO|WARNING|it/s]|Processed prompts|Warning|warn" | tee "$OUT/serving.txt" ;;
esac
