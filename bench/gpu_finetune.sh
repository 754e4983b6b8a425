#!/usr/bin/env bash
# Issue 19: `make finetune` end to end on one H200 inside 30 minutes of GPU time, losing nothing
# finished if the machine goes away between calls. Three steps, each its own device call:
#
#   here:   bash bench/gpu_finetune.sh pack          # ~460 MB in .gpurun/stage/sNN, 50 MiB each (+12 MB tree < 64 MiB)
#   there:  bash bench/gpu_finetune.sh receive NN    # one call per piece, carry .gpurun/stage/sNN (~10 s each)
#   there:  bash bench/gpu_finetune.sh start         # join, install, launch the chain detached (setsid): ~1 min
#   there:  bash bench/gpu_finetune.sh poll          # up to WAIT s; copies whatever is finished to $OUT; repeat
#   there:  FROM=merge bash bench/gpu_finetune.sh resume   # after a failed stage, with the fixed tree: the rest again
#
# The chain: stand-in (STEPS=600, ~5 min: proves mechanics and speed; 1,250 for accuracy figures)
# -> finetune/run.sh with it as BASE_MODEL and the rules as teacher (generate, distil, train, merge,
# evaluate) -> finetune.serve_check (python -m service with the merged model, README's texts over HTTP).
# Only bash, coreutils, grep, tar, python3 and nvidia-smi: what the GPU image has (no column, no curl).
set -euo pipefail
STASH=${STASH:-/root/stash} WORK=${WORK:-/root/chain}
export PYTHONPATH=/tmp/site VLLM_USE_FLASHINFER_SAMPLER=0 VLLM_PLUGINS= PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 \
  TOKENIZERS_PARALLELISM=false ADDRX_CORPORA=$STASH/corpora
case "$1" in
  pack)  # here: vLLM's staged wheel and deps (../shared/gpu/stage.sh), the project's wheels (bench/stage_gpu_wheels.sh), the corpora
    [ -f .gpu/install.sh ] || bash ../shared/gpu/stage.sh .gpu
    # the project's wheels, again whenever their list changed since they were staged
    [ -n "$(find .gpurun -maxdepth 1 -name 'wpart*' -newer bench/stage_gpu_wheels.sh 2>/dev/null)" ] || bash bench/stage_gpu_wheels.sh
    grep -qxF /.gpurun/ .git/info/exclude || echo /.gpurun/ >> .git/info/exclude
    rm -rf .gpurun/stage .gpurun/corpora && mkdir -p .gpurun/stage && cp -r "${CORPORA:-../shared/corpora}" .gpurun/corpora
    tar -cf - .gpu/deps .gpu/install.sh .gpu/vpart* .gpurun/wpart* .gpurun/corpora | split -b 50M -d - .gpurun/stage/s
    ls .gpurun/stage ;;
  receive)
    mkdir -p $STASH/in && cp ".gpurun/stage/s$2" $STASH/in/ && ls $STASH/in ;;
  start)  # the last piece may travel with this call (carry .gpurun/stage/sNN)
    mkdir -p $WORK $STASH/in && cp .gpurun/stage/s* $STASH/in/ 2>/dev/null || true
    ( cd $STASH && cat in/s* | tar -x && rm -rf in && mv .gpu/deps .gpu/install.sh .gpu/vpart* . && rm -rf corpora \
      && mv .gpurun/corpora corpora && mkdir -p whl && cat .gpurun/wpart* | tar -x -C whl && rm -rf .gpurun .gpu \
      && bash install.sh \
      && python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site whl/*.whl )
    # The chain runs from its own copy: a later call re-syncs the tree it was started in.
    rm -rf /root/addrx && mkdir /root/addrx && tar -cf - --exclude=./.gpurun --exclude=./.gpu --exclude=./runs . | tar -x -C /root/addrx
    python3 -c "import swift, vllm, service.extract; print('swift', swift.__version__, 'vllm', vllm.__version__)"
    nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | tee $WORK/gpu.txt
    echo "make: $(command -v make || echo absent)" | tee -a $WORK/gpu.txt
    cd /root/addrx
    setsid nohup bash ${CHAIN:-bench/gpu_finetune.sh chain} </dev/null >$WORK/chain.log 2>&1 &  # CHAIN: another chain (bench/gpu_serving.sh)
    sleep 3; echo started; cat $WORK/chain.log ;;
  resume)  # the machine kept /root/si and $WORK/ft but a stage failed: the tree as it is now, from FROM (default merge)
    rm -rf /root/addrx && mkdir /root/addrx && tar -cf - --exclude=./.gpurun --exclude=./.gpu --exclude=./runs . | tar -x -C /root/addrx
    sed -i '/CHAIN DONE/d; /^STEP .* [1-9]/d' $WORK/chain.log; cd /root/addrx
    FROM=${FROM:-merge} setsid nohup bash bench/gpu_finetune.sh chain </dev/null >>$WORK/chain.log 2>&1 &
    sleep 3; echo resumed from "${FROM:-merge}" ;;
  chain)  # detached; each step appends "STEP name rc seconds" to $WORK/steps
    step() { local name=$1 t=$(date +%s) rc=0; shift; echo "== $name: $*"; "$@" || rc=$?; echo "STEP $name $rc $(( $(date +%s) - t ))" | tee -a $WORK/steps; return $rc; }
    [ -f /root/si/summary.json ] || step stand-in python3 -m finetune.stand_in --out /root/si --max-steps "${STEPS:-600}" --n "${SI_N:-60000}"
    # `make finetune` itself where the image has make (its install step is what `start` did: -o skips it)
    if command -v make >/dev/null; then finetune=(make -o install finetune PY=python3); else finetune=(bash finetune/run.sh); fi
    step finetune env FROM="${FROM:-generate}" BASE_MODEL=/root/si/model TEACHER=rules PY=python3 N="${N:-10000}" EPOCHS=1 \
      EVAL_LIMIT="${EVAL_LIMIT:-500}" ADDRX_POSTPROCESS_WORKERS=4 RUN=$WORK/ft "${finetune[@]}"
    step serve python3 -m finetune.serve_check --model $WORK/ft/merged --out $WORK/serve.txt --python python3
    echo "CHAIN DONE" ;;
  poll)  # wait for the chain (at most WAIT s), then copy what is finished: nothing is left only on the machine
    [ -f $WORK/chain.log ] || { echo "CHAIN LOST: no $WORK/chain.log (a fresh machine); stage and start again"; exit 3; }
    for _ in $(seq $(( ${WAIT:-540} / 5 ))); do grep -q "CHAIN DONE\|STEP [a-z-]* [1-9]" $WORK/chain.log 2>/dev/null && break; sleep 5; done
    cat $WORK/steps 2>/dev/null || true
    grep -v -E "INFO|WARNING|it/s]|Processed prompts|^\s*$" $WORK/chain.log | tail -c 5000 || true
    mkdir -p $WORK/keep
    cp /root/si/summary.json $WORK/keep/stand_in_summary.json 2>/dev/null || true
    cp $WORK/ft/stages.tsv $WORK/ft/distil/summary.json $WORK/serve.txt $WORK/serve.server.log $WORK/keep/ 2>/dev/null || true
    cp -r $WORK/ft/eval $WORK/keep/ 2>/dev/null || true
    grep -E "'loss'|train_samples_per_second" $WORK/ft/train.log > $WORK/keep/train_curve.txt 2>/dev/null || true
    cp $WORK/chain.log $WORK/steps $WORK/gpu.txt $WORK/keep/ 2>/dev/null || true
    tar -czf "$OUT/results.tgz" -C $WORK keep
    for f in stages.tsv serve.txt steps; do [ -f $WORK/keep/$f ] && cp $WORK/keep/$f "$OUT/"; done
    [ -f $WORK/keep/eval/report.md ] && cp $WORK/keep/eval/report.md "$OUT/" || true ;;
esac
