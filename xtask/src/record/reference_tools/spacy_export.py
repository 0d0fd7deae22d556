"""Converts the weights of spaCy's `en_core_web_sm` into gecbias' model file
(`cargo xtask import-spacy-model`; read by the `spacy-sm` crate): the vocabulary's tables, the
tokenizer's rules, tok2vec, the tagger, the parser and the attribute ruler.

Usage: python spacy_export.py MODEL OUTPUT

The file is little-endian: the magic `GBSPACY\\0`, a u32 format version, a u32 section count, the
sections, then the SHA-256 of everything before it. A section is a name (u16 length, UTF-8), a
kind byte and its payload:
  0 f32 array: u8 rank, u32 per dimension, the values in C order;
  1 strings: u32 count, each a u32 length and UTF-8 bytes;
  2 hash -> string: u32 count, each a u64 key, a u32 length and UTF-8 bytes;
  3 string -> id: u32 count, each a u32 length, UTF-8 bytes and a u64 id.
"""
import hashlib
import re
import struct
import sys

import numpy
import spacy
import spacy.attrs
import spacy.symbols

FORMAT_VERSION = 2


def string(text):
    data = text.encode("utf8")
    return struct.pack("<I", len(data)) + data


def section(name, kind, payload):
    encoded = name.encode("utf8")
    return struct.pack("<H", len(encoded)) + encoded + bytes([kind]) + payload


def array(name, values):
    values = numpy.ascontiguousarray(values, dtype="<f4")
    header = bytes([values.ndim]) + b"".join(struct.pack("<I", d) for d in values.shape)
    return section(name, 0, header + values.tobytes())


def strings(name, items):
    return section(name, 1, struct.pack("<I", len(items)) + b"".join(string(s) for s in items))


def rust_pattern(pattern):
    """A Python regular expression in the syntax Rust's regex crates read: Python's \\uXXXX and
    \\UXXXXXXXX escapes become \\x{...} (the only difference these patterns have)."""
    return re.sub(
        r"(?<!\\)((?:\\\\)*)\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8}))",
        lambda m: m.group(1) + "\\x{" + (m.group(2) or m.group(3)) + "}",
        pattern,
    )


def main():
    model, target = sys.argv[1:3]
    nlp = spacy.load(model)
    sections = []

    # The symbols: strings whose id is a small number rather than their hash.
    symbols = sorted(spacy.symbols.IDS.items(), key=lambda item: item[1])
    payload = struct.pack("<I", len(symbols)) + b"".join(
        string(text) + struct.pack("<Q", ident) for text, ident in symbols
    )
    sections.append(section("symbols", 3, payload))

    # NORM's exceptions: the vocabulary's lexeme_norm table (keys are string hashes).
    table = nlp.vocab.lookups.get_table("lexeme_norm")
    items = sorted(table.items())
    payload = struct.pack("<I", len(items)) + b"".join(
        struct.pack("<Q", key) + string(value) for key, value in items
    )
    sections.append(section("lexeme_norm", 2, payload))

    # NORM's fallback before the lower case: the language's norm exceptions (`''` -> `"`), the
    # inner lookup of the vocabulary's NORM getter, a chain of (lookups, default) partials.
    getter = nlp.vocab.lex_attr_getters[spacy.attrs.NORM]
    chain = []
    while hasattr(getter, "args"):
        default, lookups = getter.args
        chain.append(lookups)
        getter = default
    if len(chain) != 2 or getter("AbC") != "abc":
        raise SystemExit(f"unexpected NORM getter: {len(chain)} lookups")
    exceptions = sorted(dict(chain[1][0]).items())
    sections.append(strings("norm_exceptions", [x for pair in exceptions for x in pair]))

    # tok2vec: six hash embeddings (their seeds and attributes), a maxout with layer norm over
    # their concatenation, and four residual window layers.
    tok2vec = nlp.get_pipe("tok2vec").model
    embed_nodes = [node for node in tok2vec.walk() if node.name == "hashembed"]
    extract = [node for node in tok2vec.walk() if node.name == "extract_features"][0]
    sections.append(strings("tok2vec.attrs", [str(c) for c in extract.attrs["columns"]]))
    seeds = []
    for k, node in enumerate(embed_nodes):
        sections.append(array(f"tok2vec.embed.{k}.E", node.get_param("E")))
        seeds.append(str(node.attrs["seed"]))
    sections.append(strings("tok2vec.seeds", seeds))
    maxouts = [node for node in tok2vec.walk() if node.name == "maxout"]
    norms = [node for node in tok2vec.walk() if node.name == "layernorm"]
    windows = [node for node in tok2vec.walk() if node.name == "expand_window"]
    if len(maxouts) != 5 or len(norms) != 5 or len(windows) != 4:
        raise SystemExit(f"unexpected tok2vec: {len(maxouts)} maxout, {len(norms)} layernorm")
    if any(w.attrs["window_size"] != 1 for w in windows):
        raise SystemExit("unexpected window size")
    for k, (maxout, norm) in enumerate(zip(maxouts, norms)):
        sections.append(array(f"tok2vec.maxout.{k}.W", maxout.get_param("W")))
        sections.append(array(f"tok2vec.maxout.{k}.b", maxout.get_param("b")))
        sections.append(array(f"tok2vec.norm.{k}.G", norm.get_param("G")))
        sections.append(array(f"tok2vec.norm.{k}.b", norm.get_param("b")))

    # tagger: a softmax layer over tok2vec's output, and its labels.
    tagger = nlp.get_pipe("tagger")
    softmax = [node for node in tagger.model.walk() if node.name == "softmax"][0]
    sections.append(array("tagger.W", softmax.get_param("W")))
    sections.append(array("tagger.b", softmax.get_param("b")))
    sections.append(strings("tagger.labels", list(tagger.labels)))
    # parser: a linear layer from tok2vec's width, the precomputable affine over the state's
    # context tokens (with the vectors of empty slots), the output layer, and the moves.
    parser = nlp.get_pipe("parser")
    nodes = {node.name: node for node in parser.model.walk()}
    lower = [node for node in parser.model.walk() if node.name == "linear"]
    affine = nodes["precomputable_affine"]
    upper, lower = lower[0], lower[1]
    if lower.get_param("W").shape[1] != tok2vec.get_dim("nO"):
        upper, lower = lower, upper
    sections.append(array("parser.lower.W", lower.get_param("W")))
    sections.append(array("parser.lower.b", lower.get_param("b")))
    sections.append(array("parser.affine.W", affine.get_param("W")))
    sections.append(array("parser.affine.b", affine.get_param("b")))
    sections.append(array("parser.affine.pad", affine.get_param("pad")))
    sections.append(array("parser.upper.W", upper.get_param("W")))
    sections.append(array("parser.upper.b", upper.get_param("b")))
    moves = [parser.moves.get_class_name(i) for i in range(parser.moves.n_moves)]
    sections.append(strings("parser.moves", moves))
    # attribute_ruler: its rules in order, one string each. Fields are separated by \x1e: the
    # index of the token a match sets, the attributes (KEY=VALUE joined by \x1f), then each
    # pattern, its tokens joined by \x1d, a token's constraints by \x1f, a constraint being
    # KEY \x1c OP \x1c values joined by \x1b, OP one of EQ, IN, NOT_IN, REGEX.
    ruler = nlp.get_pipe("attribute_ruler")
    rules = []
    for rule in ruler.patterns:
        attrs = "\x1f".join(f"{k}={v}" for k, v in sorted(rule["attrs"].items()))
        patterns = []
        for pattern in rule["patterns"]:
            tokens = []
            for token in pattern:
                constraints = []
                for key, value in sorted(token.items()):
                    if isinstance(value, dict):
                        ((op, values),) = value.items()
                        if op == "REGEX":
                            values = [values]
                    else:
                        op, values = "EQ", [value]
                    if op not in ("IN", "NOT_IN", "EQ", "REGEX"):
                        raise SystemExit(f"unexpected pattern operator {op}")
                    constraints.append(f"{key}\x1c{op}\x1c" + "\x1b".join(str(v) for v in values))
                tokens.append("\x1f".join(constraints))
            patterns.append("\x1d".join(tokens))
        rules.append("\x1e".join([str(rule["index"]), attrs] + patterns))
    sections.append(strings("attribute_ruler", rules))
    # The tokenizer: its prefix, suffix and infix expressions and its URL match (Python's
    # syntax, escapes rewritten), whether it runs with spaCy's faster heuristics, and its special
    # cases in order, each the string and its tokens joined by \x1e, a token its text and, where
    # the case sets one, \x1f and its NORM (which tok2vec embeds instead of the vocabulary's).
    tokenizer = nlp.tokenizer
    if tokenizer.token_match is not None:
        raise SystemExit("the tokenizer has a token_match; this export does not carry it")
    for name, bound in [
        ("prefix", tokenizer.prefix_search),
        ("suffix", tokenizer.suffix_search),
        ("infix", tokenizer.infix_finditer),
        ("url", tokenizer.url_match),
    ]:
        sections.append(strings(f"tokenizer.{name}", [rust_pattern(bound.__self__.pattern)]))
    sections.append(strings("tokenizer.faster_heuristics", [str(int(tokenizer.faster_heuristics))]))
    specials = []
    for text, tokens in tokenizer.rules.items():
        parts = [text]
        for t in tokens:
            unknown = set(t) - {spacy.attrs.ORTH, spacy.attrs.NORM, "ORTH", "NORM"}
            if unknown:
                raise SystemExit(f"special case {text!r} sets {unknown}; this export carries ORTH and NORM")
            orth = t.get(spacy.attrs.ORTH, t.get("ORTH"))
            norm = t.get(spacy.attrs.NORM, t.get("NORM"))
            parts.append(orth if norm is None else f"{orth}\x1f{norm}")
        specials.append("\x1e".join(parts))
    sections.append(strings("tokenizer.specials", specials))
    sections.append(strings("source", [model, nlp.meta["version"], spacy.__version__]))

    body = b"GBSPACY\0" + struct.pack("<II", FORMAT_VERSION, len(sections)) + b"".join(sections)
    with open(target, "wb") as out:
        out.write(body + hashlib.sha256(body).digest())


if __name__ == "__main__":
    main()
