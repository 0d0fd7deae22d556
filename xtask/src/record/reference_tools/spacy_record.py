"""Writes spaCy's analysis of text as JSON Lines (`cargo xtask record spacy`).

Usage: python spacy_record.py MODEL INPUT OUTPUT [--raw]

INPUT holds one sentence per line, tokens separated by single spaces (tokens as given: spaCy's
tokenizer is not run, as in ERRANT); with --raw, one line of raw text each, which `nlp(line)`
tokenises (as ERRANT's -tok does). Each output line is one sentence:
{"words": [...], "spaces": [...], "tag": [...], "pos": [...], "lemma": [...], "dep": [...],
"head": [...]} with `head` the 0-based index of each token's head (a root is its own head, as in
spaCy) and `spaces` whether a space follows each token.
"""
import json
import sys

import spacy
from spacy.tokens import Doc


def analysis(doc):
    """What is recorded of a parsed sentence."""
    return {
        "words": [t.text for t in doc],
        "spaces": [bool(t.whitespace_) for t in doc],
        "tag": [t.tag_ for t in doc],
        "pos": [t.pos_ for t in doc],
        "lemma": [t.lemma_ for t in doc],
        "dep": [t.dep_ for t in doc],
        "head": [t.head.i for t in doc],
    }


def main():
    model, source, target = sys.argv[1:4]
    raw = sys.argv[4:] == ["--raw"]
    nlp = spacy.load(model)
    with open(source, encoding="utf-8") as f:
        lines = [line.rstrip("\n") for line in f]
    if raw:
        docs = (nlp.make_doc(line) for line in lines)
    else:
        docs = (Doc(nlp.vocab, words=[w for w in line.split(" ") if w] or [" "]) for line in lines)
    with open(target, "w", encoding="utf-8") as out:
        for doc in nlp.pipe(docs, batch_size=256):
            out.write(json.dumps(analysis(doc), ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
