"""Finetune pipeline stages, each runnable as `python -m finetune.<stage>`."""
