"""The no-model reading of a shipping text: official divisions (gazetteer), their normalisation,
phones, and the rules that split a text into fields. No HTTP, no model: finetune and bench import
it freely, and the backends build on it."""

from .gazetteer import Div, Gazetteer, get_gazetteer, jionlp_dictionary
from .normalise import Divisions, candidates, division_written, normalise_divisions
from .phones import Phone, find_phones
from .rules import extract

__all__ = ["Div", "Divisions", "Gazetteer", "Phone", "candidates", "division_written", "extract", "find_phones", "get_gazetteer",
           "jionlp_dictionary", "normalise_divisions"]
