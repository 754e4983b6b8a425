"""One Settings object, read once at startup from ADDRX_* environment variables."""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Literal

from pydantic import Field, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

BackendKind = Literal["rules", "vllm", "remote"]


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="ADDRX_", extra="ignore")

    host: str = Field("127.0.0.1", description="Interface uvicorn binds to.")
    port: int = Field(8000, description="TCP port uvicorn listens on.")
    model: str = Field("", description="Model path or hub id for vLLM; empty = embedded rules backend.")
    remote_urls: Annotated[list[str], NoDecode] = Field(
        default_factory=list, description="Comma-separated OpenAI-compatible base URLs (vllm serve); set = remote backend.")
    remote_model: str = Field("", description="Model name the remote endpoints serve (default: ADDRX_MODEL).")
    remote_concurrency: int = Field(64, ge=1, description="Most requests in flight to the remote endpoints.")
    remote_timeout_s: float = Field(30.0, gt=0, description="Timeout of one remote call.")
    remote_retries: int = Field(2, ge=0, description="Retries of a failed remote call beyond one try per endpoint (429, 5xx, timeouts, refused connections), each on the next endpoint up.")
    remote_cooldown_s: float = Field(10.0, gt=0, description="An endpoint that failed or timed out is left out this long, then tried again.")
    structured_output: bool = Field(True, description="Constrain decoding to the contract's JSON schema.")
    max_tokens: int = Field(
        0, ge=0, description="Output token cap per item; 0 = what the model directory's addrx.json says, else the longest answer the constraint admits.")
    target_format: Literal["auto", "json", "lines", "compact"] = Field(
        "auto", description="What the model writes: json, lines (six values, one per line) or compact (lines without the phone, taken from the text); auto = the model directory's addrx.json, else json.")
    engines: int = Field(1, ge=1, description="vLLM engines sharing the GPU (each its own engine-core process and share of memory).")
    engine_processes: int = Field(
        1, ge=1, description="Processes that drive the engines, each with its share of ADDRX_ENGINES and ADDRX_POSTPROCESS_WORKERS (1 = the service process; at most ADDRX_ENGINES).")
    engines_start_together: bool = Field(
        True, description="After the first engine, start the others at once with its KV cache size (off: one by one, each profiling the memory left).")
    postprocess_workers: int = Field(
        0, ge=0, description="Processes that turn model outputs into readings (0 = one thread of the service process).")
    postprocess_stream: int = Field(
        32, ge=0, description="With post-processing processes, a batch of twice this many records or more is post-processed in chunks of this many as its outputs finish, while the rest decode (0 = after the last output).")
    engine_pack: int = Field(
        0, ge=0, description="Records an engine takes before the next engine gets any, so that small concurrent requests share one engine's decoding steps (engines on one GPU take turns at it); beyond it, the least busy engine. 0 = always the least busy engine.")
    async_scheduling: bool = Field(
        False, description="vLLM async scheduling: the next step is scheduled while the GPU runs this one (GPU only).")
    speculative_ngram: int = Field(
        0, ge=0, description="Prompt-lookup speculative decoding: tokens proposed per step from the text itself (0 = off; GPU only).")
    cudagraph_max: int = Field(
        0, ge=0, description="Largest engine step (sequences) replayed from a captured CUDA graph; 0 = vLLM's default (512); larger steps run without graphs (GPU only).")
    rules_first: bool = Field(
        False, description="Records the rules are sure of are answered by them; only the rest go to the model (a speed lever with an accuracy price: README).")
    dtype: str = Field("auto", description="vLLM dtype; auto = float32 on CPU, on a GPU the checkpoint's half precision (bfloat16 for a float32 checkpoint).")
    gpu_memory_utilization: float = Field(0.5, gt=0, le=1, description="vLLM GPU memory share.")
    kv_cache_bytes: int = Field(512 << 20, ge=0, description="KV cache bytes on CPU, at least (raised to hold two sequences of the longest prompt plus output for the model's shape).")
    max_num_seqs: int = Field(256, ge=1, description="vLLM continuous-batching width.")
    max_items: int = Field(1000, ge=1, description="Most items accepted in one POST /extract.")
    max_chars: int = Field(2000, ge=1, description="Most characters accepted in one text.")
    max_body_bytes: int = Field(
        0, ge=0, description="Most request body bytes, enforced while reading; 0 = max_items × (max_chars × 3 + 256) + 4 KiB.")
    max_header_bytes: int = Field(16384, ge=1024, description="Most bytes of request headers; beyond it 431.")
    max_in_flight: int = Field(8000, ge=1, description="Most records being extracted at once; beyond it 429 with Retry-After.")
    max_requests: int = Field(64, ge=1, description="Most POST /extract requests being served at once; beyond it 429.")
    deadline_s: float = Field(60.0, gt=0, description="A request still extracting after this long stops and answers 504.")
    retry_after_s: int = Field(1, ge=1, description="Retry-After seconds sent with 429.")
    header_timeout_s: float = Field(10.0, gt=0, description="A connection that has not sent complete request headers by then is closed.")
    body_timeout_s: float = Field(10.0, gt=0, description="Most seconds between two chunks of a request body; then 408.")
    body_total_timeout_s: float = Field(
        30.0, gt=0, description="Most seconds for a whole request body, however it trickles in; then 408. Requests still "
                                "sending their body do not count towards ADDRX_MAX_REQUESTS.")
    keep_alive_s: int = Field(5, ge=1, description="Idle keep-alive connections are closed after this long.")
    max_connections: int = Field(1024, ge=1, description="uvicorn's limit_concurrency: connections beyond it get a plain 503.")
    api_keys: Annotated[list[str], NoDecode] = Field(
        default_factory=list, description="Comma-separated API keys; set = /extract, /ready and /metrics need one.")
    log_raw: bool = Field(False, description="Log texts, names and phones unmasked (debugging only).")
    log_level: str = Field("INFO", description="Python logging level.")

    @field_validator("remote_urls", "api_keys", mode="before")
    @classmethod
    def _split_urls(cls, value):
        if isinstance(value, str):
            return [u.strip() for u in value.split(",") if u.strip()]
        return value

    @model_validator(mode="after")
    def _hosts_have_engines(self) -> "Settings":
        if self.engine_processes > self.engines:
            raise ValueError(f"ADDRX_ENGINE_PROCESSES ({self.engine_processes}) is more than ADDRX_ENGINES ({self.engines}): "
                             "every process drives at least one engine")
        return self

    @field_validator("api_keys")
    @classmethod
    def _printable_ascii_keys(cls, keys: list[str]) -> list[str]:
        # A header arrives as latin-1 bytes: a key outside printable ASCII could never match.
        bad = [k for k in keys if not all("!" <= ch <= "~" for ch in k)]
        if bad:
            raise ValueError(f"{len(bad)} API key(s) hold characters outside printable ASCII (spaces, non-ASCII): "
                             "no client could send them in a header")
        return keys

    @classmethod
    def for_target(cls, target: str, **overrides) -> "Settings":
        """Settings that serve `target`: `rules`, an OpenAI-compatible http(s) URL, or a model dir / hub id."""
        if target == "rules":
            return cls(model="", remote_urls=[], **overrides)
        if target.startswith(("http://", "https://")):
            return cls(remote_urls=target, **overrides)
        return cls(model=target, remote_urls=[], **overrides)

    @property
    def body_limit(self) -> int:
        """Bytes a request body may have: UTF-8 texts at the character limit plus per-item JSON syntax."""
        return self.max_body_bytes or self.max_items * (self.max_chars * 3 + 256) + 4096

    @property
    def backend_kind(self) -> BackendKind:
        """Which backend serves: remote URLs win, then a model for in-process vLLM, else rules."""
        if self.remote_urls:
            return "remote"
        return "vllm" if self.model else "rules"


def markdown_table() -> str:
    """README's configuration table, generated from the fields above (a test keeps them equal)."""
    rows = ["| variable | default | meaning |", "|---|---|---|"]
    prefix = Settings.model_config["env_prefix"]
    for name, field in Settings.model_fields.items():
        default = field.get_default(call_default_factory=True)
        shown = "(empty)" if default in ("", []) else str(default).lower() if isinstance(default, bool) else default
        rows.append(f"| `{prefix}{name.upper()}` | {shown} | {field.description} |")
    return "\n".join(rows)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()


if __name__ == "__main__":
    print(markdown_table())
