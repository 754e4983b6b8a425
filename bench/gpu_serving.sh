#!/usr/bin/env bash
# Issue 20: every serving lever on one H200 in one detached chain inside 30 minutes of GPU time. Staging is
# bench/gpu_finetune.sh's (the same wheels): pack here, one `receive NN` call per piece there, then
#
#   there:  CHAIN="bench/gpu_serving.sh chain" bash bench/gpu_finetune.sh start   # install, launch this chain detached and, in the same call,
#           && WAIT=480 bash bench/gpu_serving.sh poll   # the first poll (one gap fewer: round 10 lost a machine in one)
#   there:  bash bench/gpu_serving.sh poll      # up to WAIT s; copies every finished step's results to $OUT; repeat
#   Issue each poll alone and the moment the last returns: the machine is released 30 s after a call ends (rounds 8
#   and 9 were lost so, a local command queued after a poll delayed the next).
#
# The chain, most telling first (a step the budget does not reach is reported as not measured):
# stand-in (STEPS=600 on FORMAT, default compact: mechanics and speed, outputs of the target's length) -> the GPU
# profile (4 engines from 2 hosts packed 64, chunked post-processing; the baseline) -> 8 engines from 4 hosts, the one
# layout rounds 6 and 7 ran out of device time for -> the profile with async scheduling (round 3 measured it only
# with the engines in the service process). 200 calls per one-record cell (24 until round 7: p99 of 24 calls is
# their maximum; at ~70 ms a call 200 cost ~15 s a cell).
# Batches of 256 and 16 are left out (rounds 4 and 5 measured them) so that the layouts fit the budget after staging
# and the stand-in (~9 min).
# Round 2 (json) measured base, rules first and CUDA graphs to 1,024 (no gain); round 3 (compact, engines after the
# first started side by side: 119-208 s for four, was 213-294 s) base, async scheduling and n-gram lookup (neither a
# gain: dropped from the chain) and rules first, and showed the service process as the ceiling (HTTP 0.60 of raw at
# 1,000 x 8). Round 4 (frontend probe: two processes driving two engines each 1.73x one driving four; rules first with
# the rules in the processes 1,986 records/s through HTTP) led to the engine hosts; round 5: 2 hosts 1.28x the service
# process at 1,000 x 8 (1,670 records/s through HTTP), 4 hosts 1,522, rules first from 2 hosts 3,048; round 6:
# packing 64 records to an engine 8 lone records p50 185 -> 96 ms, 1,000 x 8 1.14x; chunked post-processing a lone
# batch of 1,000 1.28x, no gain under load; round 7: rules first one record p50 80 -> 5 ms (p99 103, the model's
# own), 1,000 x 8 2.02x; 8 post-processing processes 1.07x.
# Round 11: async scheduling with the engine hosts 1.11x at 1,000 x 8 (service/raw 0.96, no cell slower): now in the
# profile; 8 engines from 4 hosts 1.13x under load but slower for one record and a lone batch. Next: 8 engines with
# async, and the profile without async again (a second run of round 11's comparison).
# Only bash, coreutils, grep, tar, python3 and nvidia-smi: what the GPU image has.
set -uo pipefail
WORK=${WORK:-/root/chain} STASH=${STASH:-/root/stash}
export PYTHONPATH=/tmp/site VLLM_USE_FLASHINFER_SAMPLER=0 VLLM_PLUGINS= PYTHONUNBUFFERED=1 HF_HUB_OFFLINE=1 \
  TOKENIZERS_PARALLELISM=false
QUIET="INFO|WARNING|it/s]|Processed prompts|Warning|warn"
HOSTS="engines=4,workers=4,structured=0,processes=2,pack=64,async=1"  # the GPU profile (docker-compose.yml): round 6, async since round 11
case "$1" in
  chain)  # detached; each step appends "STEP name rc seconds" to $WORK/steps and keeps its output in $WORK/keep
    mkdir -p $WORK/keep
    step() { local name=$1 t=$(date +%s) rc=0; shift; echo "== $name: $*"
      "$@" > >(grep --line-buffered -v -E "$QUIET" | tee $WORK/keep/$name.txt) 2>&1 || rc=$?
      echo "STEP $name $rc $(( $(date +%s) - t ))" | tee -a $WORK/steps; }
    serving() { local name=$1 layouts=$2 batches=$3 conc=$4
      step "$name" python3 -m bench.serving_bench --model /root/si/model --texts /root/texts.jsonl --layouts "$layouts" \
        --batch-sizes "$batches" --concurrency "$conc" --calls 200 --json $WORK/keep/$name.json; }
    [ -f /root/si/summary.json ] || step stand-in python3 -m finetune.stand_in --out /root/si --max-steps "${STEPS:-600}" --n "${SI_N:-60000}" \
      --target-format "${FORMAT:-compact}"
    [ -f /root/texts.jsonl ] || python3 -c "import json; from addrdata import labelled_texts
with open('/root/texts.jsonl', 'w', encoding='utf-8') as f:
    f.writelines(json.dumps({'text': t, 'label': l}, ensure_ascii=False) + '\n' for t, l in labelled_texts(24000, seed=11))"
    # LAYOUTS: a subset in this order, BATCHES: other batch sizes (what is left of a budget after a lost machine)
    for name in ${LAYOUTS:-hosts2 engines8 sync}; do
      case $name in
        hosts2) serving hosts2 "$HOSTS" "${BATCHES:-1,1000}" 1,8 ;;
        engines8) serving engines8 "engines=8,workers=8,processes=4,structured=0,pack=64,async=1" "${BATCHES:-1,1000}" 1,8 ;;
        sync) serving sync "${HOSTS%,async=1}" "${BATCHES:-1,1000}" 1,8 ;;
      esac
    done
    echo "CHAIN DONE" ;;
  poll)  # wait for the chain (at most WAIT s), then copy what is finished: nothing is left only on the machine
    # A machine taken back between calls comes back fresh: say so at once instead of waiting WAIT s of device time
    # for a chain that is gone (round 9 waited 540 s so).
    [ -f $WORK/chain.log ] || { echo "CHAIN LOST: no $WORK/chain.log (a fresh machine); stage and start again"; exit 3; }
    for _ in $(seq $(( ${WAIT:-540} / 5 ))); do grep -q "CHAIN DONE" $WORK/chain.log 2>/dev/null && break; sleep 5; done
    cat $WORK/steps 2>/dev/null || true
    grep -v -E "$QUIET|^\s*$" $WORK/chain.log | tail -c 6000 || true
    cp /root/si/summary.json $WORK/keep/stand_in_summary.json 2>/dev/null || true
    cp $WORK/chain.log $WORK/steps $WORK/gpu.txt $WORK/keep/ 2>/dev/null || true
    tar -czf "$OUT/results.tgz" -C $WORK keep ;;
esac
