"""One Settings object, read once at startup from ADDRX_* environment variables."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import Field
from pydantic_settings import BaseSettings, SettingsConfigDict

PROMPT_FILE = Path(__file__).resolve().parent.parent / "prompts" / "system.txt"


class Settings(BaseSettings):
    model_config = SettingsConfigDict(env_prefix="ADDRX_", extra="ignore")

    host: str = Field("127.0.0.1", description="Interface uvicorn binds to.")
    port: int = Field(8000, description="TCP port uvicorn listens on.")
    model: str = Field("", description="Model path or hub id for vLLM; empty = embedded rules backend.")
    max_items: int = Field(1000, ge=1, description="Most items accepted in one POST /extract.")
    max_chars: int = Field(2000, ge=1, description="Most characters accepted in one text.")
    log_raw: bool = Field(False, description="Log names and phones unmasked (debugging only).")
    log_level: str = Field("INFO", description="Python logging level.")


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
