#!/usr/bin/env bash
# make finetune: generate -> distil -> train -> merge -> evaluate, one stage per section.
# SMOKE=1 runs the same code on CPU with a tiny random Qwen3 and a few steps (make finetune-smoke).
# The last line printed is the run directory.
# FROM=merge (or distil, train, evaluate) with RUN=<that run> resumes a run whose earlier stages
# finished (a GPU machine lost after train): those are not run again and keep their stages.tsv lines.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=${PY:-.venv/bin/python}
export VLLM_PLUGINS=   # ms-swift's vLLM plugin imports vision code (see docs/CPU-NOTES.md)
SMOKE=${SMOKE:-0}
# What the model learns to write: json, or lines (six values, one per line: ~30% fewer output
# tokens, but the stand-in trained on it scored lower on every set; README). The merged model's
# addrx.json tells serving which.
TARGET_FORMAT=${TARGET_FORMAT:-json}
RUN=${RUN:-runs/$( [ "$SMOKE" = 1 ] && echo smoke || echo full )-$(date +%Y%m%d-%H%M%S)}
mkdir -p "$RUN"
STAGES="generate distil train merge evaluate"
FROM=${FROM:-generate}
case " $STAGES " in *" $FROM "*) ;; *) echo "FROM must be one of: $STAGES" >&2; exit 2 ;; esac
pos() { local before=${STAGES%%$1*}; echo ${#before}; }  # a stage's place in the order
done_before_from() { [ "$(pos "$1")" -lt "$(pos "$FROM")" ]; }
# Each stage's wall time and (where nvidia-smi exists) the GPU memory peak while it ran: $RUN/stages.tsv.
if [ "$FROM" = generate ] || [ ! -f "$RUN/stages.tsv" ]; then
  printf 'stage\tseconds\tgpu_mem_peak_mib\n' > "$RUN/stages.tsv"
else
  while IFS= read -r line; do name=${line%%$'\t'*}
    if [ "$name" = stage ] || done_before_from "$name"; then echo "$line"; fi
  done < "$RUN/stages.tsv" > "$RUN/stages.tsv.kept" && mv "$RUN/stages.tsv.kept" "$RUN/stages.tsv"
fi
SAMPLER_PID=
if command -v nvidia-smi >/dev/null; then
  (while sleep 1; do echo "$(date +%s) $(nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits | head -1)"; done) \
    > "$RUN/gpu_mem.log" 2>/dev/null &
  SAMPLER_PID=$!
  trap 'kill $SAMPLER_PID 2>/dev/null || true' EXIT
fi
stage() {  # stage NAME command...: run it, then append its time and memory peak
  local name=$1 began; shift; began=$(date +%s)
  if done_before_from "$name"; then echo "$name: done before (FROM=$FROM), not run again" >&2; return 0; fi
  "$@"
  awk -v a="$began" -v b="$(date +%s)" -v n="$name" 'BEGIN{m="-"} $1>=a && $1<=b && ($2>m || m=="-"){m=$2}
    END{printf "%s\t%d\t%s\n", n, b-a, m}' "$RUN/gpu_mem.log" 2>/dev/null >> "$RUN/stages.tsv" ||
    printf '%s\t%d\t-\n' "$name" $(( $(date +%s) - began )) >> "$RUN/stages.tsv"
}
if [ "$SMOKE" = 1 ]; then
  N=${N:-160}; TRAIN_ARGS="--cpu --max-steps 5 --batch-size 4"; EVAL_LIMIT=16; MERGE_N=2
  # Base: a tiny random-weight Qwen3 with the real tokenizer (no model hub here). ~5 s.
  $PY -m service.tiny_model "$RUN/base" --shape tiny >/dev/null
  BASE_MODEL=$RUN/base
  EVAL_BASE=()  # the random base scores nothing worth an engine start (~50 s); the finetuned backend is the same code
else
  N=${N:-20000}; TRAIN_ARGS="--epochs ${EPOCHS:-2} --batch-size ${BATCH:-64}"; EVAL_LIMIT=${EVAL_LIMIT:-2000}; MERGE_N=8
  BASE_MODEL=${BASE_MODEL:-Qwen/Qwen3-0.6B}
  EVAL_BASE=(--backend base="$BASE_MODEL")
fi

# --- 1. generate: labelled synthetic texts, split by address. CPU, ~1 s per 2,000 records.
stage generate $PY -m finetune.generate --n "$N" --out "$RUN/data" --target-format "$TARGET_FORMAT"

# --- 2. distil: teacher labels. Full: Qwen3-235B-A22B on DashScope (DASHSCOPE_API_KEY), about
# 20k calls at 16 in flight: ~30-60 min and the API's price. Smoke: a tiny vLLM server on loopback
# (random weights: junk answers exercise the reject path). No teacher at all: generator labels.
TEACHER_PID=
if [ "$SMOKE" = 1 ] && [ -z "${TEACHER_URL:-}" ] && ! done_before_from distil; then
  PORT=$($PY -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  $PY -m vllm.entrypoints.openai.api_server --model "$BASE_MODEL" --served-model-name tiny --port "$PORT" \
    --host 127.0.0.1 $($PY -m service.engine_sizing "$BASE_MODEL" --prompt-tokens 1024 --output-tokens 320) \
    >"$RUN/teacher.log" 2>&1 &
  TEACHER_PID=$!
  trap '[ -n "$TEACHER_PID" ] && kill $TEACHER_PID 2>/dev/null; [ -n "$SAMPLER_PID" ] && kill $SAMPLER_PID 2>/dev/null || true' EXIT
  TEACHER_URL=http://127.0.0.1:$PORT/v1
  $PY -c 'import sys, time, urllib.request
for _ in range(300):
    try: urllib.request.urlopen(sys.argv[1], timeout=2); break
    except OSError: time.sleep(1)' "http://127.0.0.1:$PORT/health"
fi
# distil/train.jsonl: the teacher's accepted rows, or the generator's labels if it accepted under half.
# TEACHER=rules: no model teacher, but real unlabelled texts (REAL_INPUT, the public corpora's train
# texts by default, or your order history) labelled by the rules backend where it is sure, each
# REAL_WEIGHT times beside the generated rows.
if [ "${TEACHER:-}" = rules ]; then
  stage distil $PY -m finetune.distil --input "${REAL_INPUT:-corpus:naacl2019:train,corpus:waybill:train}" --out "$RUN/distil" \
    --teacher rules --mix-with "$RUN/data" --real-weight "${REAL_WEIGHT:-3}" --target-format "$TARGET_FORMAT"
elif [ -n "${TEACHER_URL:-}" ]; then
  stage distil $PY -m finetune.distil --input "$RUN/data/train.jsonl" --out "$RUN/distil" --training-set-from "$RUN/data" \
    --base-url "$TEACHER_URL" --model "${TEACHER_MODEL:-tiny}" --response-format json_schema --max-tokens 320 \
    --target-format "$TARGET_FORMAT"
else
  stage distil $PY -m finetune.distil --input "$RUN/data/train.jsonl" --out "$RUN/distil" --training-set-from "$RUN/data" \
    --target-format "$TARGET_FORMAT"
fi
[ -n "$TEACHER_PID" ] && kill "$TEACHER_PID" && wait "$TEACHER_PID" 2>/dev/null || true
TEACHER_PID=

# --- 3. train: LoRA sft with ms-swift. Full on one H200: see README for samples/s and memory
# (batch 64, no gradient checkpointing). Smoke: 5 steps on CPU, ~20 s.
stage train $PY -m finetune.train --model "$BASE_MODEL" --data "$RUN/distil" --out "$RUN/train" $TRAIN_ARGS | tee -a "$RUN/train.log" >&2

# --- 4. merge: swift export --merge_lora, then vLLM greedy == transformers greedy. ~15 s + engine start.
stage merge $PY -m finetune.merge --adapters "$RUN/train" --out "$RUN/merged" --verify-samples "$RUN/data/test.jsonl" --n "$MERGE_N"

# --- 5. evaluate: rules vs base vs finetuned, raw model answers and after the service pipeline, on
# the generated test split, the unseen-vocabulary split and the public corpora's dev splits (skipped
# where ../shared/corpora is absent). Full: minutes per model on a GPU.
stage evaluate $PY -m finetune.evaluate --out "$RUN/eval" --limit "$EVAL_LIMIT" \
  --set test="$RUN/data/test.jsonl" --set unseen="$RUN/data/unseen.jsonl" --set naacl-dev --set waybill-dev \
  --backend rules=rules ${EVAL_BASE[@]+"${EVAL_BASE[@]}"} --backend finetuned="$RUN/merged"
[ -n "$SAMPLER_PID" ] && kill "$SAMPLER_PID" 2>/dev/null || true
# The table in Python: the GPU image has no `column` (util-linux), and a script ending in it exits 127.
$PY -c 'import sys; rows = [l.split("\t") for l in open(sys.argv[1]).read().splitlines()]
print("\n".join("  ".join(c.ljust(12) for c in r).rstrip() for r in rows))' "$RUN/stages.tsv" >&2

echo "$RUN"
