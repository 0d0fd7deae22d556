"""What EASSE 0.2.4's monolingual word aligner (easse/aligner, imported through
../shared/reference-tools/samsa_run.py, which stubs TUPA and CoreNLP) aligns, given the analyses.
Reads one JSON file: {"documents": [CoreNLP JSON document, ...], "pairs": [[a, b], ...],
"outputs": [{"xml": passage file, "scenes": [document ids], "sentences": [document ids]}, ...]};
each document is put in the shape the aligner reads by EASSE's own format_parser_output, and each
pair (scene document a, sentence document b) is aligned by MonolingualWordAligner.get_word_aligns.
Prints the stop-word list the aligner uses as the first JSON line, then one JSON line per pair:
[a, b, index pairs] or [a, b, "ExceptionName: message"]; then a line "outputs", then per output
{"easse": compute_samsa, "scenes": align_scenes_sentences's word pairs per scene,
"authors": SAMSA_score.py's score, "authors_abl": SAMSA_abl_score.py's} (an exception as its
"Name: message")."""
import json
import os
import sys

sys.path.insert(0, os.environ["SAMSA_RUN_DIR"])
import samsa_run  # noqa: E402  (installs the stubs, then imports EASSE's modules)

corenlp_utils = samsa_run.corenlp_utils
aligner = samsa_run.MonolingualWordAligner()
task = json.load(open(sys.argv[1], encoding="utf-8"))
parsed = [corenlp_utils.format_parser_output(d["sentences"]) for d in task["documents"]]
print(json.dumps(list(samsa_run.aligner_config.stopwords), ensure_ascii=False))
for a, b in task["pairs"]:
    try:
        result = aligner.get_word_aligns(parsed[a], parsed[b])[0]
    except Exception as e:  # the reference's own crashes are part of what is recorded
        result = f"{type(e).__name__}: {e}"
    print(json.dumps([a, b, result], ensure_ascii=False, separators=(",", ":")))
print("outputs")


def outcome(function, *args):
    try:
        return function(*args)
    except Exception as e:  # the reference's own crashes are part of what is recorded
        return f"{type(e).__name__}: {e}"


for out in task["outputs"]:
    xml_string = open(out["xml"], encoding="utf-8").read()
    passage = samsa_run.convert.from_standard(samsa_run.fromstring(xml_string))
    scenes = [parsed[a] for a in out["scenes"]]
    sentences = [parsed[b] for b in out["sentences"]]
    n_sc, n_se = len(scenes), len(sentences)
    tokens = [[aligner.get_word_aligns(sc, se)[1] for se in sentences] for sc in scenes]
    authors = samsa_run.run_authors_script("SAMSA_score.py", xml_string, tokens, n_se)["score"]
    authors_abl = samsa_run.run_authors_script("SAMSA_abl_score.py", xml_string, tokens, n_se)["score"]
    record = {
        "easse": outcome(samsa_run.samsa.compute_samsa, passage, scenes, sentences),
        "scenes": outcome(samsa_run.samsa.align_scenes_sentences, scenes, sentences, n_sc > n_se),
        "authors": authors,
        "authors_abl": authors_abl,
    }
    print(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
