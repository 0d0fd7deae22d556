"""The Python API against the Rust goldens: the 14 CoNLL-2014 M2 scores, JFLEG GLEU, NUCLE A vs
B ERRANT, a USim pair of the human annotations; errors with file and line; the console script
against the command's recorded outputs."""

import csv
import dataclasses
import json
import os
import shutil
import subprocess
import sys
import textwrap
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path
from typing import Any, Callable, Dict, List, Tuple

import pytest

import gecbias

REPO = Path(__file__).resolve().parents[2]
RECORDED = REPO / "crates" / "gecbias-cli" / "tests" / "recorded"
ERRANT_FIXTURES = REPO / "crates" / "gecbias-cli" / "tests" / "fixtures" / "errant"
GOLDENS = REPO.parent / "shared" / "specs" / "goldens"


def data_dir() -> Path:
    """The data directory as the Rust tests find it; skipped without one, unless CI requires
    it (GECBIAS_REQUIRE_DATA=1)."""
    for candidate in (os.environ.get("GECBIAS_DATA"), REPO / "data", REPO.parent / "shared" / "data"):
        if candidate:
            path = Path(candidate)
            if not path.is_absolute():
                path = REPO / path
            if (path / "assess_learner_language").is_dir():
                return path
    if os.environ.get("GECBIAS_REQUIRE_DATA") == "1":
        pytest.fail("GECBIAS_REQUIRE_DATA=1 but no data directory was found")
    pytest.skip("no data directory")


@pytest.fixture(scope="module")
def data() -> Path:
    return data_dir()


def conll(data: Path) -> Tuple[Path, Path]:
    root = data / "assess_learner_language" / "data"
    return root / "paragraphs", root / "conll14st-test-data" / "noalt"


def test_m2_scores_of_the_14_conll_systems_equal_the_goldens(data: Path) -> None:
    paragraphs, gold_dir = conll(data)
    gold = gold_dir / "official-2014.combined.m2"
    with open(GOLDENS / "m2_conll14_results.tsv", encoding="utf-8") as table:
        rows = [r for r in csv.DictReader(table, delimiter="\t") if r["gold_file"] == gold.name]
    assert len(rows) == 14
    for row in rows:
        result = gecbias.m2_score(paragraphs / Path(row["system_file"]).name, gold)
        assert (result.correct, result.proposed, result.gold) == (
            int(row["correct"]),
            int(row["proposed"]),
            int(row["gold"]),
        ), row["system"]
        assert result.score == float(row["F0.5"]), row["system"]
        assert result.precision == float(row["P"]) and result.recall == float(row["R"])
        assert result.sentences == 1312
        assert result.signature.startswith("M2|refs:2|beta:0.5|muw:2|case:sensitive|refsel:running")


def test_gleu_of_the_jfleg_dev_outputs_equals_compute_gleu(data: Path) -> None:
    jfleg = data / "assess_learner_language" / "data" / "jfleg" / "dev"
    expected = dict(line.split(maxsplit=1) for line in (RECORDED / "gleu" / "jfleg-dev.txt").read_text().splitlines())
    references = [jfleg / f"dev.ref{k}" for k in range(4)]
    for name, value in expected.items():
        result = gecbias.gleu(jfleg / "dev.src", references, jfleg / name)
        assert f"{result.score:.6f}" == value, name
        assert result.signature.startswith("GLEU|refs:4|iter:500|draws:python2")


def test_green_of_the_jfleg_dev_outputs_equals_gec_metrics(data: Path) -> None:
    jfleg = data / "assess_learner_language" / "data" / "jfleg" / "dev"
    recorded = REPO / "crates" / "gec-metrics" / "tests" / "recorded" / "green.tsv"
    rows = [line.split("\t") for line in recorded.read_text().splitlines()[1:]]
    references = [jfleg / f"dev.ref{k}" for k in range(4)]
    checked = 0
    for output, configuration, corpus, _, _ in rows:
        if not output.startswith("jfleg/"):
            continue
        options = dict(field.split("=") for field in configuration.split(","))
        scorer = gecbias.Scorer(
            "green",
            source=jfleg / "dev.src",
            references=references,
            green_n=int(options["n"]),
            green_beta=float(options["beta"]),
            green_unit="char" if options["unit"] == "char" else "word",
        )
        (result,) = scorer.score(jfleg / output.removeprefix("jfleg/"))
        assert repr(result.score) == corpus, (output, configuration)
        assert isinstance(result, gecbias.GreenScore) and 0 <= result.recall <= 1
        checked += 1
    assert checked == 20


def test_koyama_gleu_of_the_jfleg_dev_outputs_equals_the_gleu_package(data: Path) -> None:
    jfleg = data / "assess_learner_language" / "data" / "jfleg" / "dev"
    recorded = REPO / "crates" / "gecbias-cli" / "tests" / "recorded" / "koyama-gleu"
    references = [jfleg / f"dev.ref{k}" for k in range(4)]
    checked = 0
    cases: List[Tuple[str, gecbias.KoyamaMode, gecbias.GreenUnit]] = [
        ("jfleg-dev.fixed.d4.txt", "sampled", "word"),
        ("jfleg-dev.max.d4.txt", "best-reference", "word"),
        ("jfleg-dev.mean.char.d4.txt", "sentence-mean", "char"),
    ]
    for case, mode, unit in cases:
        scorer = gecbias.Scorer(
            "koyama-gleu", source=jfleg / "dev.src", references=references, koyama_mode=mode, koyama_unit=unit
        )
        for line in (recorded / case).read_text().splitlines():
            path, printed = line.split("\t")
            (result,) = scorer.score(jfleg / Path(path).name)
            assert isinstance(result, gecbias.KoyamaGleuScore)
            # The package prints 100·x rounded half up to 4 decimals (-d 4).
            value = Decimal(str(100 * result.score)).quantize(Decimal("0.0001"), rounding=ROUND_HALF_UP)
            assert str(value) == printed, (case, path)
            assert f"mode:{mode}" in result.signature
            checked += 1
    assert checked == 15


def test_gotoscorer_credits_the_reference_chunks_and_reads_weights(tmp_path: Path) -> None:
    source = ["He go to school ."] * 5
    reference = ["He goes to school ."] * 5
    rows = gecbias.score("gotoscorer", {"fixed": reference, "kept": source}, source=source, references=reference)
    assert [(r.system, r.score) for r in rows] == [("fixed", 1.0), ("kept", 0.0)]
    assert isinstance(rows[0], gecbias.GoToScorerScore) and rows[1].recall == 0.0
    # A weights file whose first sentence's weights fit the reference's 11 chunks, the others
    # missing: refused, naming the file.
    weights = tmp_path / "weights.json"
    weights.write_text('[{"weights": [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]}]')
    with pytest.raises(gecbias.InputError, match="weights.json"):
        gecbias.score("gotoscorer", [reference], source=source, references=reference, goto_weights=weights)


def test_bleu_and_chrf_equal_sacrebleu() -> None:
    """bleu-chrf's fixture, whose sacreBLEU 2.6.0 scores are recorded: BLEU 68.72927465908317
    with 13a and exp smoothing, chrF 81.64550041332727, as fractions."""
    fixtures = REPO / "crates" / "bleu-chrf" / "tests" / "fixtures"
    references = [fixtures / "ref0.txt", fixtures / "ref1.txt"]
    (bleu,) = gecbias.score("bleu", fixtures / "hyp.txt", references=references)
    assert isinstance(bleu, gecbias.BleuScore)
    assert bleu.score == pytest.approx(68.72927465908317 / 100, abs=1e-15)
    assert (bleu.hyp_len, bleu.ref_len, len(bleu.precisions)) == (109, 104, 4)
    assert bleu.signature.startswith("BLEU|nrefs:2|case:mixed|eff:no|tok:13a|smooth:exp|impl:sacrebleu-2.6.0|")
    (chrf,) = gecbias.score("chrf", fixtures / "hyp.txt", references=references)
    assert isinstance(chrf, gecbias.ChrfScore)
    assert chrf.score == pytest.approx(81.64550041332727 / 100, abs=1e-15)
    (floor,) = gecbias.score(
        "bleu", fixtures / "hyp.txt", references=references, bleu_tokenize="intl", bleu_smooth="floor"
    )
    assert floor.score == pytest.approx(66.64879925644517 / 100, abs=1e-15)
    assert "|tok:intl|smooth:floor[0.10]|" in floor.signature
    with pytest.raises(ValueError, match="bleu_tokenize"):
        gecbias.score("bleu", fixtures / "hyp.txt", references=references, bleu_tokenize="zh")  # type: ignore[call-overload]
    with pytest.raises(ValueError, match="chrf_char_order"):
        gecbias.score("chrf", fixtures / "hyp.txt", references=references, chrf_char_order=0)


def test_sari_in_easses_variant_is_a_corpus_sari() -> None:
    """EASSE's corpus SARI (what simplification papers publish) beside SARI.py's mean sentence
    SARI, on the same lines: different numbers, each signed by its variant."""
    source, output, reference = ["a b c d ."], ["a b x d ."], ["a b c d e ."]
    (easse,) = gecbias.score("sari", [output], source=source, references=reference, sari_variant="easse")
    (sari_py,) = gecbias.score("sari", [output], source=source, references=reference)
    assert "|variant:easse|impl:easse-0.2.4|" in easse.signature and "impl:sari.py" in sari_py.signature
    assert 0 < easse.score < 1 and easse.score != sari_py.score
    with pytest.raises(ValueError, match="sari_variant"):
        gecbias.score("sari", [output], source=source, references=reference, sari_variant="java")  # type: ignore[call-overload]


def test_sari_operations_dsari_and_quality_features() -> None:
    """EASSE's sari_by_operation as three metrics whose mean is its corpus SARI; D-SARI; the
    quality-estimation features of one edited line (one word of five replaced: 16 of 18
    characters kept by Levenshtein.ratio, one word added and one deleted of five)."""
    source, output, reference = ["a b c d ."], ["a b x d ."], ["a b c d e ."]
    (sari,) = gecbias.score("sari", [output], source=source, references=reference, sari_variant="easse")
    names: Tuple[gecbias.SariOperationMetric, ...] = ("sari_add", "sari_keep", "sari_del")
    operations = [gecbias.score(name, [output], source=source, references=reference)[0] for name in names]
    assert all(isinstance(o, gecbias.SariScore) for o in operations)
    assert sum(o.score for o in operations) / 3 == pytest.approx(sari.score, abs=1e-15)
    assert operations[0].signature.startswith("SARI-add|refs:1|variant:easse|impl:easse-0.2.4|")
    (dsari,) = gecbias.score("dsari", [output], source=source, references=reference)
    assert isinstance(dsari, gecbias.LineMeanScore) and 0 < dsari.score < 1
    expected = {
        "compression_ratio": 1.0, "sentence_splits": 1.0, "levenshtein_similarity": 16 / 18,
        "exact_copies": 0.0, "additions_proportion": 0.2, "deletions_proportion": 0.2,
    }
    for name, value in expected.items():
        (feature,) = gecbias.score(name, [output], source=source)  # type: ignore[call-overload]
        assert isinstance(feature, gecbias.LineMeanScore)
        assert feature.score == pytest.approx(value, abs=1e-15), name
        assert feature.signature.startswith(f"{name}|tok:13a|case:lc|impl:easse-0.2.4|")


def test_samsa_of_easses_test_sentence() -> None:
    """EASSE's test_sentence_samsa, first case: the source's two scenes kept in two output
    sentences score 100 (a fraction here); without its second sentence the output keeps one scene
    and is penalised for too few splits, SAMSA_abl not."""
    source = ["You are waiting for a train, this train will take you far away."]
    split = ["You are waiting for a train. A train that will take you far away."]
    one = ["You are waiting for a train."]
    (samsa,) = gecbias.score("samsa", [split], source=source)
    assert isinstance(samsa, gecbias.LineMeanScore) and samsa.score == 1.0
    assert samsa.signature.startswith("SAMSA|tok:moses|case:mixed|parser:ucca-wiki-bilstm|")
    (penalised,) = gecbias.score("samsa", [one], source=source)
    (ablated,) = gecbias.score("samsa_abl", [one], source=source)
    assert penalised.score < ablated.score <= 1.0


def test_fkgl_counts_and_grade() -> None:
    """"The cat sat." has one sentence, four words and three syllables: grade 0 (clamped); a long
    sentence of long words grades high."""
    (short,) = gecbias.score("fkgl", [["The cat sat."]])
    assert isinstance(short, gecbias.FkglScore)
    assert (short.fkgl_sentences, short.words, short.syllables, short.score) == (1, 4, 3, 0.0)
    assert short.signature.startswith("FKGL|tok:13a|case:lc|impl:easse-0.2.4|")
    (long,) = gecbias.score("fkgl", [["Notwithstanding considerable institutional opposition, the administration implemented comprehensive reorganisation."]])
    assert long.score > 15


def test_cleme_from_text_references_and_from_m2(tmp_path: Path) -> None:
    source = ["He go to school every days ."] * 5
    reference = ["He goes to school every day ."] * 5
    rows = gecbias.score(
        "cleme", {"fixed": reference, "kept": source}, source=source, references=reference,
        cleme_assumption="independent",
    )
    assert [(r.system, r.score) for r in rows] == [("fixed", 1.0), ("kept", 0.0)]
    assert isinstance(rows[0], gecbias.ClemeScore) and rows[1].recall == 0.0
    assert "|assumption:independent|weights:length|" in rows[0].signature
    gold = ["S He go to school .", "A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0", ""]
    hypothesis = ["S He go to school .", "A 1 2|||R:VERB|||went|||REQUIRED|||-NONE-|||0", ""]
    (row,) = gecbias.score("cleme2", [hypothesis], gold=gold, cleme_weights="none")
    assert isinstance(row, gecbias.Cleme2Score) and (row.wrong, row.hit) == (1.0, 0.0)
    assert "bertscore:omitted" in row.signature
    with pytest.raises(ValueError, match="cleme_level"):
        gecbias.score("cleme", [hypothesis], gold=gold, cleme_level="paragraph")  # type: ignore[call-overload]


def test_errant_nucle_a_against_b_gives_errant_compare_counts(data: Path) -> None:
    _, gold_dir = conll(data)
    result = gecbias.errant_compare(gold_dir / "official-2014.0.m2", gold_dir / "official-2014.1.m2")
    assert (result.tp, result.fp, result.fn) == (921, 1470, 2396)
    assert result.signature.startswith("ERRANT|refs:1|mode:cs|beta:0.5")


def test_usim_of_a_human_annotation_pair_equals_the_golden(data: Path) -> None:
    with open(GOLDENS / "usim_human_pairs.tsv", encoding="utf-8") as table:
        rows = [line.split("\t") for line in table if not line.startswith("#")]
    header, *rows = rows
    columns = {name.strip(): k for k, name in enumerate(header)}
    (golden,) = [
        r
        for r in rows
        if r[columns["first"]] == "tree1197"
        and r[columns["second"]] == "tree1297"
        and r[columns["dir"]] == "s2r"
        and r[columns["env"]] == "REL"
        and r[columns["munkres"]] == "1.0.12"
        and r[columns["comparable"]] == "mainline"
    ]
    annotations = data / "usim_annotations"
    result = gecbias.usim(annotations / "tree1197.xml", annotations / "tree1297.xml")
    assert result.source_to_output == float(golden[columns["usim"]])
    assert result.sentences == 1


def test_text_inputs_as_lists_and_results_as_frozen_dataclasses() -> None:
    gold = ["S He go to school .", "A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0", ""]
    result = gecbias.m2_score(["He goes to school ."], gold)
    assert (result.score, result.correct, result.proposed, result.gold) == (1.0, 1, 1, 1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.score = 0.5  # type: ignore[misc]
    unchanged = gecbias.m2_score(["He go to school ."], gold)
    assert (unchanged.score, unchanged.correct, unchanged.gold) == (0.0, 0, 1)


def test_intervals_and_paired_tests_are_seeded() -> None:
    # 30 sentences with one gold edit each ("is" -> "was"); the better system makes 10 of
    # them and one wrong edit in 6 others, the baseline changes nothing.
    gold = []
    for k in range(30):
        gold += [f"S sentence {k} is here", "A 2 3|||R:VERB:TENSE|||was|||REQUIRED|||-NONE-|||0", ""]
    good = [
        f"sentence {k} was here" if k % 3 == 0 else f"sentence {k} is there" if k % 5 == 0 else f"sentence {k} is here"
        for k in range(30)
    ]
    bad = [f"sentence {k} is here" for k in range(30)]
    first = gecbias.confidence_interval("m2", good, gold=gold)
    assert first == gecbias.confidence_interval("m2", good, gold=gold)
    assert first.method == "bca" and first.level == 0.95 and first.low <= first.point <= first.high
    test = gecbias.paired_test("m2", bad, good, gold=gold, method="ar")
    assert test == gecbias.paired_test("m2", bad, good, gold=gold, method="ar")
    assert test.trials == 10_000 and test.difference > 0 and 0 < test.p_value <= 1


def test_bad_input_names_the_file_and_line(tmp_path: Path) -> None:
    gold = tmp_path / "gold.m2"
    gold.write_text("S He go to school .\nA 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-\n\n")
    with pytest.raises(gecbias.InputError, match=r"gold\.m2:2:"):
        gecbias.m2_score(["He goes to school ."], gold)
    assert issubclass(gecbias.InputError, ValueError)
    with pytest.raises(gecbias.InputError, match=r"<hypotheses>:2: has 2 sentences"):
        gecbias.m2_score(["He goes to school .", "One too many ."], ["S He go to school .", ""])
    good_gold = ["S He go to school .", "A 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-|||0", ""]
    with pytest.raises(FileNotFoundError, match="no-such-file"):
        gecbias.m2_score(tmp_path / "no-such-file", good_gold)
    with pytest.raises(gecbias.InputError, match=r"<hypotheses>:1: a line of a list contains a line break"):
        gecbias.m2_score(["two\nlines"], good_gold)
    with pytest.raises(ValueError, match="metric"):
        gecbias.score("meteor", [["x"]])  # type: ignore[call-overload]


def test_conservatism_and_unseen_estimate() -> None:
    profile = gecbias.conservatism(["The cat sat on the mat ."], ["The dog sat on the mat ."])
    assert (profile.sentences, profile.total_word_change, profile.splits) == (1, 1, 0)
    assert profile.word_change_histogram["1-1"] == 1 and profile.unchanged_share == 0.0
    # Line i against line i by default; the paper's passage procedure on request.
    lines = ["the cat sat on the mat", "she ate red apples today", "we like music"]
    edited = ["the cat sat on the mat", "she ate green apples today", "we love music"]
    assert gecbias.conservatism(lines, edited).sentences == 3
    assert gecbias.conservatism(lines, edited, passages=True).total_word_change == 2
    estimate = gecbias.unseen_estimate([15, 2, 1, 0, 1])
    assert estimate.answers == 15 + 2 * 2 + 3 + 5
    assert estimate.distinct_answers == 19
    assert [t.gamma for t in estimate.above] == [0.0, 0.001, 0.01, 0.1]
    assert estimate.signature.startswith("UnseenEst|grid:1.05")


def test_usim_of_text_and_parse() -> None:
    same = gecbias.usim_text(["The cat sat on the mat ."], ["The cat sat on the mat ."], pretokenized=True)
    assert same.source_to_output == 1.0 and same.output_to_source == 1.0
    (xml,) = gecbias.parse(["The cat sat on the mat."])
    assert "<root" in xml and 'text="cat"' in xml
    model = REPO / "models" / "ucca-wiki-bilstm" / "model.bin"
    assert gecbias.parse(["The cat sat on the mat."], parser_model=model) == [xml]
    assert gecbias.parse(["The cat sat on the mat."], parser_model="bilstm") == [xml]
    from_file = gecbias.usim_text(["The cat sat ."], ["The cat sat down ."], pretokenized=True, parser_model=model)
    built_in = gecbias.usim_text(["The cat sat ."], ["The cat sat down ."], pretokenized=True)
    assert from_file.source_to_output == built_in.source_to_output
    assert "parser:model-" in from_file.signature and "parser:ucca-wiki-bilstm" in built_in.signature
    perceptron_file = REPO / "models" / "ucca-wiki-v1.2" / "model.bin"
    (by_name,) = gecbias.parse(["The cat sat on the mat."], parser_model="perceptron")
    assert gecbias.parse(["The cat sat on the mat."], parser_model=perceptron_file) == [by_name]
    fast = gecbias.usim_text(["The cat sat ."], ["The cat sat down ."], pretokenized=True, parser_model="perceptron")
    assert "parser:ucca-wiki-v1.2" in fast.signature
    with pytest.raises(gecbias.InputError, match="/nonexistent/model.bin"):
        gecbias.parse(["The cat sat ."], parser_model="/nonexistent/model.bin")
    with pytest.raises(TypeError, match="parser_model"):
        gecbias.parse(["The cat sat ."], parser_model=["model.bin"])  # type: ignore[arg-type]


def gecbias_script() -> str:
    script = shutil.which("gecbias", path=os.path.dirname(sys.executable))
    assert script, "the wheel installs the gecbias console script"
    return script


def test_the_console_script_prints_what_the_command_recorded(data: Path) -> None:
    paragraphs, gold_dir = conll(data)
    expected = (RECORDED / "m2scorer" / "official-2014.combined.m2.AMU.txt").read_bytes()
    run = subprocess.run(
        [gecbias_script(), "m2scorer", str(paragraphs / "AMU"), str(gold_dir / "official-2014.combined.m2")],
        capture_output=True,
    )
    assert run.returncode == 0 and run.stdout == expected
    binary = REPO / "target" / "debug" / "gecbias"
    if binary.exists():
        direct = subprocess.run(
            [str(binary), "m2scorer", str(paragraphs / "AMU"), str(gold_dir / "official-2014.combined.m2")],
            capture_output=True,
        )
        assert direct.stdout == run.stdout


def test_the_console_script_exit_statuses(tmp_path: Path) -> None:
    script = gecbias_script()
    assert subprocess.run([script, "--version"], capture_output=True).returncode == 0
    usage = subprocess.run([script, "m2scorer"], capture_output=True)
    assert usage.returncode == 2
    missing = subprocess.run([script, "m2scorer", str(tmp_path / "a"), str(tmp_path / "b")], capture_output=True)
    assert missing.returncode == 1 and b"gecbias: " in missing.stderr


def hostile_inputs(tmp_path: Path) -> List[Tuple[str, Path, Path]]:
    """The bad-input matrix's inputs: a 5 MB single line (and an M2 gold of it), 100,000 empty
    lines, NUL bytes, a UTF-8 byte-order mark; each as (name, text file, M2 gold file)."""
    gold = "S He go .\nA 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-|||0\n\nS I is .\nA 1 2|||R:VERB|||am|||REQUIRED|||-NONE-|||0\n"
    words = ("the cat is on a red mat " * 800_000)[:5_000_000]
    files = {
        "huge": (words + "\n", f"S {words}\nA 0 1|||R:NOUN|||dog|||REQUIRED|||-NONE-|||0\n"),
        "empty-lines": ("\n" * 100_000, "\n" * 100_000),
        "nul": ("He go\0es .\nI \0 am .\n", gold.replace("go", "g\0o")),
        "bom": ("\ufeffHe goes .\nI am .\n", "\ufeff" + gold),
    }
    out = []
    for name, (text, m2) in files.items():
        (tmp_path / f"{name}.txt").write_text(text, encoding="utf-8")
        (tmp_path / f"{name}.m2").write_text(m2, encoding="utf-8")
        out.append((name, tmp_path / f"{name}.txt", tmp_path / f"{name}.m2"))
    return out


def test_no_hostile_input_kills_the_interpreter(tmp_path: Path) -> None:
    import time

    for name, text, m2 in hostile_inputs(tmp_path):
        calls: Dict[str, Callable[[], object]] = {
            "m2_score": lambda: gecbias.m2_score(text, m2),
            "errant_compare": lambda: gecbias.errant_compare(m2, m2),
            "gleu": lambda: gecbias.gleu(text, [text], text),
            "sari": lambda: gecbias.sari(text, [text], text),
            "score": lambda: gecbias.score("m2", text, gold=m2),
            "conservatism": lambda: gecbias.conservatism(text, text),
            "usim_text": lambda: gecbias.usim_text(text, text, pretokenized=True),
            "parse": lambda: gecbias.parse(text, sentences=True),
            "unseen_estimate": lambda: gecbias.unseen_estimate(text),
        }
        for function, call in calls.items():
            started = time.monotonic()
            try:
                call()
            except gecbias.InputError as error:
                assert len(str(error)) < 1_000, (name, function, str(error)[:200])
            assert time.monotonic() - started < 10, (name, function)
        if name == "huge":
            with pytest.raises(gecbias.InputError, match=r"huge\.txt:1: .*limit of 1000"):
                gecbias.m2_score(text, m2)


def test_tag_in_memory_matches_the_command() -> None:
    """``gecbias.tag`` (in memory) gives what ``gecbias tag`` writes as CoNLL-U, raw and
    pretokenised; a line over the token bound is an InputError naming the line."""
    lines = ["They weren't happy with the results.", "Kim left early , and Lee stayed ."]
    raw = gecbias.tag(lines[0])[0]
    assert [t.text for t in raw] == ["They", "were", "n't", "happy", "with", "the", "results", "."]
    assert [t.dep for t in raw][2:5] == ["neg", "acomp", "prep"]
    assert [t.ud_lemma for t in raw][:2] == ["they", "be"]
    tagged = gecbias.tag(lines[1:], pretokenized=True)[0]
    conllu = subprocess.run(
        [sys.executable, "-m", "gecbias", "tag", "--pretokenized", "-"],
        input=lines[1] + "\n", capture_output=True, text=True, check=True,
    ).stdout
    rows = [row.split("\t") for row in conllu.splitlines() if row and not row.startswith("#")]
    assert [(r[1], r[2], r[3], r[4], r[7]) for r in rows] == [
        (t.text, t.ud_lemma, t.upos, t.xpos, t.dep) for t in tagged
    ]
    with pytest.raises(gecbias.InputError, match="line 2: 10001 tokens"):
        gecbias.tag(["fine", "x " * 10001], pretokenized=True)


def test_errant_parallel_in_memory_gives_errants_edits() -> None:
    """The fixture ERRANT 3.0.2 typed (crates/gecbias-cli/tests/fixtures/errant/): the same
    edits, in memory, as ``gecbias errant-parallel`` writes them."""
    fixtures = ERRANT_FIXTURES
    sources = (fixtures / "orig.txt").read_text().splitlines()
    corrections: List[gecbias.Lines] = [fixtures / "cor0.txt", (fixtures / "cor1.txt").read_text().splitlines()]
    typed = gecbias.errant_parallel(sources, corrections)
    m2 = []
    for source, line in zip(sources, typed):
        m2.append("S " + source)
        for k, edits in enumerate(line):
            if edits is None:
                m2.append(f"A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||{k}")
            else:
                m2.extend(e.to_m2(k) for e in edits)
        m2.append("")
    assert "\n".join(m2) + "\n" == (fixtures / "expected-parallel.m2").read_text()
    first_edits = typed[0][0]
    assert first_edits is not None
    first = first_edits[0]
    assert (first.operation, first.category) == ("R", "VERB:TENSE")
    # One path is one correction, as everywhere: a str or PathLike is always a path.
    assert gecbias.errant_parallel(sources, fixtures / "cor0.txt") == [
        [line[0]] for line in gecbias.errant_parallel(sources, [fixtures / "cor0.txt"])
    ]
    with pytest.raises(TypeError, match="corrections"):
        gecbias.errant_parallel(sources, 3)  # type: ignore[arg-type]
    with pytest.raises(gecbias.InputError, match="corrections\\[0\\] has 1 lines but sources has 6"):
        gecbias.errant_parallel(sources, [["one line"]])
    with pytest.raises(ValueError, match="merge: one of .rules., .all-split."):
        gecbias.errant_parallel(sources, [sources], merge="some")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="analyser"):
        gecbias.errant_parallel(sources, [sources], analyser="spacey")  # type: ignore[arg-type]


def test_errant_score_from_text_per_type() -> None:
    src = ["He go to school yesterday .", "This is a apple .", "Fine .", "We discussed about the problem ."]
    hyp = ["He went to school yesterday .", "This is an apple .", "Fine .", "We discussed about this problem ."]
    gold = ERRANT_FIXTURES / "gold.m2"
    (result,) = gecbias.score("errant", [hyp], source=src, gold=gold, cat=3)
    assert (result.tp, result.fp, result.fn) == (3, 0, 0)
    assert result.categories["R:DET"].tp == 2
    assert "|hyp:text|" in result.signature
    # Macro-averaged: the mean of the per-type F, with the average in the signature.
    (macro,) = gecbias.score("errant", [hyp], source=src, gold=gold, average="macro")
    scores = [c.f for c in macro.categories.values()]
    assert macro.score == sum(scores) / len(scores)
    assert "|cat:3|average:macro|" in macro.signature


def m2_blocks(path: Path) -> List[List[str]]:
    """The M2 file's sentence blocks, each with its blank line."""
    blocks: List[List[str]] = [[]]
    for line in path.read_text(encoding="utf-8").splitlines():
        blocks[-1].append(line)
        if not line:
            blocks.append([])
    return [b for b in blocks if b]


def test_one_gold_object_scores_sets_and_batches_as_the_command_does(data: Path) -> None:
    """``M2Gold`` read once: whole sets equal ``score -m m2`` on files, batches of its sentences
    equal a gold of those sentences alone."""
    paragraphs, gold_dir = conll(data)
    path = gold_dir / "official-2014.combined.m2"
    gold = gecbias.M2Gold(path)
    assert (len(gold), gold.annotators) == (1312, 2)
    amu = (paragraphs / "AMU").read_text(encoding="utf-8").splitlines()
    (command,) = gecbias.score("m2", [paragraphs / "AMU"], gold=path, names=["AMU"])
    whole = gold.score(amu)
    assert (whole.score, whole.correct, whole.proposed, whole.gold) == (
        command.score, 509, 1223, 2378,
    )
    assert (command.system, whole.system, whole.signature) == ("AMU", "<hypotheses>", command.signature)
    batch = list(range(100, 150))
    alone = gecbias.M2Gold([line for k in batch for line in m2_blocks(path)[k]])
    assert gold.score(amu[100:150], sentences=batch) == alone.score(amu[100:150])
    with pytest.raises(gecbias.InputError, match="sentence index 1312 is beyond the 1312 sentences"):
        gold.score(["x"], sentences=[1312])
    with pytest.raises(ValueError, match=r"sentences\[0\]: at least 0, not -1"):
        gold.score(["x"], sentences=[-1])


def test_scoring_from_memory_writes_no_file(data: Path, tmp_path: Path) -> None:
    """1,000 hypothesis sets of 50 sentences against one CoNLL-2014 gold object, from lists: the
    run's temporary directory is read-only (which stops a non-root process from writing) and
    an audit hook refuses any file the interpreter opens for writing or any folder it makes
    (which stops root too); the directory stays empty."""
    paragraphs, gold_dir = conll(data)
    readonly = tmp_path / "readonly"
    readonly.mkdir()
    script = textwrap.dedent(
        f"""
        import sys
        from pathlib import Path
        import gecbias

        gold_blocks = {[b for b in m2_blocks(gold_dir / "official-2014.combined.m2")[:50]]!r}
        gold = gecbias.M2Gold([line for block in gold_blocks for line in block])
        systems = [Path({str(paragraphs)!r}, s).read_text().splitlines()[:50] for s in ("AMU", "CAMB", "UFC")]

        def refuse(event, args):
            writing = event == "open" and isinstance(args[1], str) and any(c in args[1] for c in "wax+")
            if writing or event in ("os.mkdir", "tempfile.mkstemp", "tempfile.mkdtemp"):
                raise RuntimeError(f"{{event}} {{args[0]}}")

        sys.addaudithook(refuse)
        scores = [gold.score(systems[k % 3]).score for k in range(1000)]
        print(len(scores), min(scores), max(scores))
        """
    )
    readonly.chmod(0o500)
    try:
        env = {**os.environ, "TMPDIR": str(readonly), "TEMP": str(readonly), "TMP": str(readonly)}
        run = subprocess.run([sys.executable, "-c", script], cwd=readonly, env=env, capture_output=True, text=True)
    finally:
        readonly.chmod(0o700)
    assert run.returncode == 0, run.stderr
    count, low, high = run.stdout.split()
    assert count == "1000" and 0 <= float(low) < float(high) <= 1
    assert list(readonly.iterdir()) == []


def test_a_str_or_pathlike_is_always_a_path(data: Path) -> None:
    jfleg = data / "assess_learner_language" / "data" / "jfleg" / "dev"
    one = gecbias.gleu(jfleg / "dev.src", str(jfleg / "dev.ref0"), jfleg / "dev.src")
    assert one == gecbias.gleu(jfleg / "dev.src", [jfleg / "dev.ref0"], jfleg / "dev.src")
    assert one.signature.startswith("GLEU|refs:1|")
    corpus = gecbias.GleuCorpus(jfleg / "dev.src", [jfleg / f"dev.ref{k}" for k in range(4)])
    assert len(corpus) == 754
    assert corpus.score(jfleg / "dev.src") == gecbias.gleu(jfleg / "dev.src", [jfleg / f"dev.ref{k}" for k in range(4)], jfleg / "dev.src")
    with pytest.raises(TypeError, match="references: expected a path, a list of lines \\(str\\), or a list of inputs"):
        gecbias.GleuCorpus(jfleg / "dev.src", 4)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"hypotheses: line 2 is int, not str"):
        corpus.score(["fine", 2])  # type: ignore[list-item]
    with pytest.raises(FileNotFoundError, match="no-such-file"):
        gecbias.M2Gold("no-such-file")


def test_messages_name_the_argument_and_line_of_in_memory_input() -> None:
    gold = ["S He go to school .", "A 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-", ""]
    with pytest.raises(gecbias.InputError, match=r"^<gold>:2: "):
        gecbias.M2Gold(gold)
    with pytest.raises(gecbias.InputError, match=r"^<gold>:2: "):
        gecbias.score("m2", [["He goes to school ."]], gold=gold)
    good = ["S He go to school .", "A 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-|||0", ""]
    with pytest.raises(gecbias.InputError, match=r"<systems\[1\]>:2: has 2 sentences"):
        gecbias.score("m2", [["He goes ."], ["He goes .", "Two ."]], gold=good)
    with pytest.raises(gecbias.InputError, match=r"<references\[0\]>:2: has 2 sentences"):
        gecbias.sari(["a b c"], [["a b", "c"]], ["a b c"])
    with pytest.raises(gecbias.InputError, match=r"<source>:1: a line of a list contains a line break"):
        gecbias.conservatism(["two\nlines"], ["two lines"])
    with pytest.raises(ValueError, match=r"errant_mode: one of 'cs', 'cse', 'ds', 'dt', not 'xx'"):
        gecbias.score("errant", [good], gold=good, errant_mode="xx")  # type: ignore[call-overload]
    with pytest.raises(ValueError, match="beta: a finite number above 0"):
        gecbias.m2_score(["He goes to school ."], good, beta=0)


def test_one_value_means_one_thing_in_every_function(tmp_path: Path) -> None:
    """A path is a file, a list of str is lines, a list of inputs or a mapping is several, in
    ``score``, ``m2_score`` and ``errant_parallel`` alike; anything else is a TypeError."""
    gold = ["S He go to school .", "A 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0", ""]
    fixed = ["He goes to school ."]
    path = tmp_path / "fixed.txt"
    path.write_text("He goes to school .\n")
    # The same lines as a list, as a path (str or PathLike) and inside a list or a mapping.
    scores = [
        gecbias.score("m2", fixed, gold=gold)[0].score,
        gecbias.score("m2", str(path), gold=gold)[0].score,
        gecbias.score("m2", path, gold=gold)[0].score,
        gecbias.score("m2", [fixed], gold=gold)[0].score,
        gecbias.m2_score(fixed, gold).score,
    ]
    assert scores == [1.0] * 5
    (named,) = gecbias.score("m2", {"mine": path}, gold=gold)
    assert (named.system, named.score) == ("mine", 1.0)
    assert named.precision_confidence is None
    # The same sentence twice: a bootstrap needs two.
    (resampled,) = gecbias.score("m2", {"mine": fixed * 2}, gold=gold + gold, resampling=gecbias.Resampling(confidence=True))
    assert resampled.precision_confidence is not None and resampled.precision_confidence.point == 1.0
    kept, fixed_row = gecbias.score("m2", {"kept": ["He go to school ."], "fixed": fixed}, gold=gold)
    assert [(kept.system, kept.score), (fixed_row.system, fixed_row.score)] == [("kept", 0.0), ("fixed", 1.0)]
    # A list of str is one system's lines; when every item names a file, it was meant as paths:
    # a TypeError points to pathlib.Path instead of scoring the paths as sentences.
    with pytest.raises(TypeError, match=r"every item names an existing file.*pathlib\.Path"):
        gecbias.score("m2", [str(path), str(path)], gold=gold)
    with pytest.raises(TypeError, match="pathlib.Path"):
        gecbias.m2_score([str(path), str(path)], gold)
    for bad in (3, b"He goes .", None):
        with pytest.raises(TypeError, match="systems"):
            gecbias.score("m2", bad, gold=gold)  # type: ignore[call-overload]
    with pytest.raises(ValueError, match="names: the systems mapping names them already"):
        gecbias.score("m2", {"a": fixed}, names=["b"], gold=gold)
    with pytest.raises(ValueError, match=r"names: one name per system \(1 \(a list of str is one system's lines\)\)"):
        gecbias.score("m2", ["a.txt", "b.txt"], names=["a", "b"], gold=gold)
    with pytest.raises(ValueError, match=r"score\('m2'\) needs gold"):
        gecbias.score("m2", fixed)


def test_names_label_systems_and_rank_clusters_them() -> None:
    gold: List[str] = []
    for k in range(40):
        gold += [f"S sentence {k} is here", "A 2 3|||R:VERB:TENSE|||was|||REQUIRED|||-NONE-|||0", ""]
    best = [f"sentence {k} was here" for k in range(40)]
    middle = [f"sentence {k} was here" if k % 2 else f"sentence {k} is here" for k in range(40)]
    worst = [f"sentence {k} is here" for k in range(40)]
    ranked = gecbias.rank("m2", [worst, middle, best], names=["worst", "middle", "best"], gold=gold, trials=500)
    assert [(s.system, s.rank.position, s.rank.cluster) for s in ranked if s.rank] == [
        ("best", 1, 1), ("middle", 2, 2), ("worst", 3, 3),
    ]
    assert ranked[0].rank is not None and ranked[0].rank.better_than == ("middle", "worst")
    assert ranked[0].rank.test == "paired-ar:500|holm:3|alpha:0.05|seed:12345"
    with pytest.raises(ValueError, match="names: one name per system"):
        gecbias.score("m2", [best], names=["a", "b"], gold=gold)


def test_optimised_python_raises_the_same_errors() -> None:
    """Validation is code, not ``assert``: ``python -O`` raises what ``python`` raises."""
    script = textwrap.dedent(
        """
        import gecbias
        good = ["S He go .", "A 1 2|||R:VERB|||goes|||REQUIRED|||-NONE-|||0", ""]
        calls = [
            lambda: gecbias.score("meteor", [["x"]]),
            lambda: gecbias.m2_score(["a", "b"], good),
            lambda: gecbias.m2_score([1], good),
            lambda: gecbias.M2Gold(good).score(["x"], sentences=[5]),
            lambda: gecbias.gleu(["a"], 3, ["a"]),
            lambda: gecbias.paired_test("m2", ["x"], ["x"], gold=good, method="t"),
            lambda: gecbias.confidence_interval("m2", ["x"], gold=good, method="normal"),
            lambda: gecbias.score("m2", [["x"]], gold=good, resampling=gecbias.Resampling(rank=True, rank_alpha=2.0)),
            lambda: gecbias.unseen_estimate(["a"]),
        ]
        for call in calls:
            try:
                call()
                print("no error")
            except Exception as error:
                print(type(error).__name__, str(error).splitlines()[0])
        """
    )
    plain, optimised = (
        subprocess.run([sys.executable, *flags, "-c", script], capture_output=True, text=True, check=True).stdout
        for flags in ([], ["-O"])
    )
    assert plain == optimised
    assert plain.splitlines()[:3] == [
        "ValueError metric: one of 'm2', 'errant', 'gleu', 'sari', 'green', 'koyama-gleu', 'gotoscorer', 'cleme', 'cleme2', 'usim', 'bleu', 'chrf', 'fkgl', 'sent_bleu', 'f1_token', 'ibleu', 'fkbleu', 'sari_add', 'sari_keep', 'sari_del', 'dsari', 'compression_ratio', 'sentence_splits', 'levenshtein_similarity', 'exact_copies', 'additions_proportion', 'deletions_proportion', 'lexical_complexity', 'samsa', 'samsa_abl', not 'meteor'",
        "InputError <hypotheses>:2: has 2 sentences but <gold> has 1",
        "TypeError hypotheses: line 1 is int, not str",
    ]
    assert "no error" not in plain


def test_meta_eval_reproduces_gjg15_table_5_f1_row(data: Path) -> None:
    _, gold_dir = conll(data)
    result = gecbias.meta_eval(
        data / "gjg15", gold_dir / "official-2014.combined.m2", betas=[1.0, 0.5], confidence=True, paired=True, resamples=100
    )
    assert len(result.human) == 13 and round(result.human["AMU"], 4) == 0.6284
    f1, f05 = result.metrics
    # GJG15 Table 5: M2 F1.0 ρ 0.648 (the same order on the official gold as on theirs).
    assert (f1.metric, round(f1.spearman.estimate, 3)) == ("M2 F1.0", 0.648)
    assert round(f05.scores["AMU"], 4) == 0.3501
    assert f1.spearman.low is not None and f1.spearman.high is not None
    assert f1.spearman.low <= f1.spearman.estimate <= f1.spearman.high
    pearson = [p for p in result.paired if p.correlation == "pearson"]
    assert len(pearson) == 1 and pearson[0].p_williams is not None
    with pytest.raises(ValueError, match="unit: one of"):
        gecbias.meta_eval(data / "gjg15", gold_dir / "official-2014.combined.m2", unit="items")  # type: ignore[call-overload]
    with pytest.raises(FileNotFoundError, match="judgments.xml"):
        gecbias.meta_eval(data / "no-such-folder", gold_dir / "official-2014.combined.m2")


def test_meta_eval_on_ratings_from_a_table_a_file_and_a_public_set(data: Path, tmp_path: Path) -> None:
    references = ["the cat sat on the mat .", "he goes to school .", "she likes apples ."]
    columns: Dict[str, List[Any]] = {k: [] for k in ("system", "segment", "source", "output", "score", "references")}
    for s, system in enumerate(["copy", "one", "two", "all"]):
        for g, reference in enumerate(references):
            words = reference.split()
            output = " ".join(w if i < 2 * s else "x" for i, w in enumerate(words))
            for key, value in zip(columns, [system, g, "x x x", output, 20 * s + g, [reference]]):
                columns[key].append(value)
    table = gecbias.meta_eval(dataset="custom", judgments=columns, metrics=["chrf"], confidence=True, resamples=100)
    assert table.human == {"copy": 1.0, "one": 21.0, "two": 41.0, "all": 61.0}
    (chrf,) = table.metrics
    assert chrf.system is not None and chrf.system.spearman is not None
    assert chrf.system.spearman.estimate == 1.0 and chrf.segment is not None and chrf.segment.pearson is not None
    assert (table.segments, table.rated_outputs, table.aspect) == (3, 12, "score")
    rows = [dict(zip(columns, values)) for values in zip(*columns.values())]
    assert gecbias.meta_eval(dataset="custom", judgments=rows, metrics=["chrf"]).human == table.human
    path = tmp_path / "ratings.jsonl"
    path.write_text("".join(json.dumps(row) + "\n" for row in rows))
    assert gecbias.meta_eval(dataset="custom", judgments=path, metrics=["chrf"]).human == table.human
    rows[1] = dict(rows[0], score=5)
    with pytest.raises(gecbias.InputError, match="judgments:2:1: duplicate"):
        gecbias.meta_eval(dataset="custom", judgments=rows, metrics=["chrf"])
    with pytest.raises(ValueError, match="row 1: score 'many' is not a number"):
        gecbias.meta_eval(dataset="custom", judgments=[dict(rows[0], score="many")])
    gmeg = gecbias.meta_eval(data, dataset="gmeg-fce", metrics=["gleu"], synthetic=30)
    assert gmeg.rated_outputs == 6741 and "ref" not in gmeg.human
    assert gmeg.metrics[0].system is not None and gmeg.metrics[0].system.pearson is not None
    assert round(gmeg.metrics[0].system.pearson.estimate, 3) == 0.936
    assert gmeg.synthetic is not None and gmeg.synthetic[0].system is not None


def test_meta_eval_on_seeda_gives_its_scripts_numbers(data: Path) -> None:
    _, gold_dir = conll(data)
    result = gecbias.meta_eval(data / "seeda", gold_dir / "official-2014.combined.m2", dataset="seeda", betas=[0.5])
    (m2,) = result.metrics
    assert len(m2.scores) == 12 and "REF-F" not in m2.scores
    # SEEDA's corr_sentence.py on the same sentence scores (tests/recorded/seeda-corr-sentence.tsv).
    assert m2.sentence is not None
    assert (m2.sentence.accuracy, m2.sentence.kendall) == (0.6060121522225775, 0.2120243044451551)
    everything = gecbias.meta_eval(
        data / "seeda", gold_dir / "official-2014.combined.m2", dataset="seeda", betas=[0.5], exclude=[]
    )
    assert len(everything.human) == 15 and len(everything.metrics[0].scores) == 15
    with_refs = gecbias.meta_eval(
        data / "seeda",
        gold_dir / "official-2014.combined.m2",
        dataset="seeda",
        betas=[0.5],
        exclude=["INPUT", "GPT-3.5"],
        paired=True,
        resamples=100,
    )
    change = with_refs.metrics[0].with_references
    assert change is not None and change.references == ("REF-F", "REF-M")
    # meta-eval-seeda: adding the two human corrections lowers M2's r by 0.645.
    assert round(change.pearson.difference, 3) == -0.645 and change.pearson.high < 0
    ts = gecbias.meta_eval(
        data / "seeda", gold_dir / "official-2014.combined.m2", dataset="seeda", betas=[0.5], human="trueskill",
        trueskill_runs=20,
    )
    assert "|human:trueskill|runs:20|seed:12345|" in ts.signature and ts.metrics[0].pearson.low is None
    with pytest.raises(ValueError, match='human="ew"'):
        gecbias.meta_eval(data / "seeda", gold_dir / "official-2014.combined.m2", dataset="seeda", human="trueskill", paired=True)


def _gold_and_systems(n: int = 40) -> Tuple[List[str], List[str], List[str]]:
    gold: List[str] = []
    for k in range(n):
        gold += [f"S sentence {k} is here", "A 2 3|||R:VERB:TENSE|||was|||REQUIRED|||-NONE-|||0", ""]
    best = [f"sentence {k} was here" for k in range(n)]
    worst = [f"sentence {k} is here" for k in range(n)]
    return gold, best, worst


def test_counts_out_of_bounds_raise_value_errors_naming_the_argument() -> None:
    """A count the engine would try to allocate (10**12 resamples) or that means nothing (one
    resample) is a ValueError naming the argument, never an abort of the interpreter."""
    gold, best, worst = _gold_and_systems()
    src = [f"sentence {k} is here" for k in range(40)]
    calls: Dict[str, Callable[[], object]] = {
        "confidence_n": lambda: gecbias.confidence_interval("m2", best, gold=gold, resamples=10**12),
        "paired_ar_n": lambda: gecbias.paired_test("m2", worst, best, gold=gold, method="ar", trials=10**12),
        "iterations": lambda: gecbias.gleu(src, [best], best, iterations=10**12),
        "green_n": lambda: gecbias.score("green", best, source=src, references=[best], green_n=10**6),
        "koyama_iterations": lambda: gecbias.score("koyama-gleu", best, source=src, references=[best], koyama_iterations=10**12),
        "beta": lambda: gecbias.m2_score(best, gold, beta=1e308),
    }
    for argument, call in calls.items():
        with pytest.raises(ValueError, match=argument):
            call()
    with pytest.raises(ValueError, match="confidence_n: at least 100"):
        gecbias.confidence_interval("m2", best, gold=gold, resamples=1)
    with pytest.raises(ValueError, match="paired_ar_n: at most 100000"):
        gecbias.rank("m2", [worst, best], names=["w", "b"], gold=gold, trials=2**64 - 1)


def test_paths_as_str_in_a_list_and_empty_corpora_are_refused(data: Path) -> None:
    paragraphs, gold_dir = conll(data)
    gold = gold_dir / "official-2014.combined.m2"
    with pytest.raises(TypeError, match="pathlib.Path"):
        gecbias.score("m2", [str(paragraphs / "AMU"), str(paragraphs / "CAMB")], gold=gold)
    with pytest.raises(TypeError, match="pathlib.Path"):
        gecbias.sari(str(paragraphs / "AMU"), [str(paragraphs / "CAMB")], str(paragraphs / "AMU"))
    with pytest.raises(gecbias.InputError, match="empty"):
        gecbias.M2Gold(gold).score([], sentences=[])
    with pytest.raises(gecbias.InputError, match="empty"):
        gecbias.sari([], [[]], [])


def test_hypothesis_m2_out_of_step_with_the_gold_is_refused() -> None:
    blocks = [[f"S sentence {k} is here", "A 2 3|||R:VERB:TENSE|||was|||REQUIRED|||-NONE-|||0", ""] for k in range(4)]
    gold = [line for block in blocks for line in block]
    swapped = [line for block in (blocks[0], blocks[2], blocks[1], blocks[3]) for line in block]
    assert gecbias.errant_compare(gold, gold).score == 1.0
    with pytest.raises(gecbias.InputError, match=r"<hyp>:4: source differs from <gold>'s \(line 4\)"):
        gecbias.errant_compare(swapped, gold)
    with pytest.raises(gecbias.InputError, match="source differs"):
        gecbias.score("errant", [swapped], gold=gold)


def test_ctrl_c_interrupts_a_long_call_within_a_second() -> None:
    import signal
    import threading
    import time

    # Six systems of 1,000 sentences ranked with 100,000 trials a pair: seconds of work, stopped
    # half a second in.
    gold, best, worst = _gold_and_systems(1000)
    systems = [[b if k % m else w for k, (b, w) in enumerate(zip(best, worst))] for m in range(1, 7)]
    timer = threading.Timer(0.5, lambda: signal.raise_signal(signal.SIGINT))
    started = time.monotonic()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        gecbias.rank("m2", systems, names=[f"s{m}" for m in range(6)], gold=gold, trials=100_000)
    assert time.monotonic() - started < 1.5


def test_the_metric_literals_are_the_engines_catalogue() -> None:
    import typing

    from gecbias import _native

    metrics, meta_metrics = _native.metric_names()
    assert list(typing.get_args(gecbias.Metric)) == metrics
    assert list(typing.get_args(gecbias.MetaMetric)) == meta_metrics


def test_the_native_options_are_one_typed_value() -> None:
    from gecbias import _native

    # The stub's keys (mypy checks `options` against them) are the ones the native side reads:
    # an unknown key is refused by name, a missing one names itself, an unknown value names its
    # argument.
    source = ("<source>", ["a b ."])
    with pytest.raises(ValueError, match="options: unknown bogus; the options are beta, "):
        _native.Scorer("sari", source, [source], None, {"bogus": 1})  # type: ignore[typeddict-item, typeddict-unknown-key]
    with pytest.raises(KeyError, match="beta"):
        _native.Scorer("sari", source, [source], None, {})  # type: ignore[typeddict-item]
    options: _native.NativeOptions = {
        "beta": 0.5, "max_unchanged_words": 2, "ignore_whitespace_casing": False, "errant_mode": "cs",
        "analyser": "spacy", "cat": None, "average": "micro", "iterations": 500, "pretokenized": False,
        "sentences": False, "usim_params": "released", "parser_model": None, "green_n": 4,
        "green_beta": 2.0, "green_unit": "word", "koyama_n": 4, "koyama_unit": "word",
        "koyama_mode": "sampled", "koyama_iterations": 500, "goto_weights": None, "goto_ref": 0,
        "cleme_assumption": "dependent", "cleme_weights": "length", "cleme_level": "corpus",
        "lowercase": False, "bleu_tokenize": "13a", "bleu_smooth": "exp", "bleu_smooth_value": None,
        "bleu_effective_order": False, "chrf_char_order": 6, "chrf_word_order": 0, "chrf_beta": 2.0,
        "chrf_whitespace": False, "chrf_eps_smoothing": False, "fkgl_tokenize": "13a",
        "sari_variant": "sari.py",
    }
    assert list(options) == _native.option_names()
    row = _native.Scorer("sari", source, [source], None, options).report([("s", "<s>", ["a b ."])], (None, None, None, None, 1))[0]
    assert row["score"] == gecbias.score("sari", ["a b ."], source=["a b ."], references=["a b ."])[0].score
    with pytest.raises(ValueError, match="green_unit: one of 'word', 'char', not \"byte\""):
        _native.Scorer("green", source, [source], None, {**options, "green_unit": "byte"})


def test_the_result_classes_are_the_score_schemas_fields() -> None:
    """The result classes are written by hand; `docs/score-schema.json` is the command's output
    shape: every field of one is a property of the other, both ways."""
    import json

    schema = json.loads((REPO / "docs" / "score-schema.json").read_text(encoding="utf-8"))
    item = schema["items"]

    def properties(node: Dict[str, object]) -> List[str]:
        ref = node.get("$ref")
        if isinstance(ref, str):
            node = schema["$defs"][ref.rsplit("/", 1)[-1]]
        found = node.get("properties", {})
        assert isinstance(found, dict)
        return sorted(found)

    def fields(cls: type) -> List[str]:
        return sorted(f.name for f in dataclasses.fields(cls))

    from gecbias import _results

    scores = [cls for cls in vars(_results).values() if isinstance(cls, type) and issubclass(cls, _results.Score)]
    assert set(scores) == {_results.Score, *gecbias._SCORE_TYPES.values()}
    assert len(item["properties"]["name"]["enum"]) == len(gecbias._SCORE_TYPES)
    union = sorted({name for cls in scores for name in fields(cls)})
    assert union == properties(item)
    assert set(item["required"]) <= set(fields(_results.Score))
    nested = {
        "confidence": _results.Interval,
        "paired_bs": _results.PairedTest,
        "paired_ar": _results.PairedTest,
        "rank": _results.Rank,
    }
    for name, cls in nested.items():
        assert fields(cls) == properties(item["properties"][name]), name
    category = item["properties"]["categories"]["additionalProperties"]
    assert fields(_results.ErrantCategoryScore) == properties(category)


def test_easse_evaluate_gives_easses_values_on_a_named_test_set(data: Path) -> None:
    """Hybrid on TurkCorpus test: the values EASSE 0.2.4 prints (its maintainer's 50.707 and
    31.497, easse issue 81) and recorded to the last digit."""
    output = data / "easse/easse/resources/data/system_outputs/turkcorpus/test/Hybrid"
    result = gecbias.easse_evaluate(
        output,
        test_set="turkcorpus_test",
        metrics=["bleu", "sari", "fkgl", "sari_by_operation"],
        quality_estimation=True,
        data=data,
    )
    assert list(result.scores) == ["bleu", "sari", "sari_add", "sari_keep", "sari_del", "fkgl"]
    assert result.scores["bleu"] == 50.70727487620011
    assert result.scores["sari"] == 31.496801313068996
    assert result.scores["fkgl"] == 5.177198681827896
    assert result.quality_estimation is not None
    assert result.quality_estimation["Levenshtein similarity"] == 0.6772510562376338


def test_easse_evaluate_takes_each_lines_own_references_and_refuses_model_metrics() -> None:
    source = ["The cat perched on the mat .", "It rained ."]
    output = ["The cat sat on the mat .", "It rained ."]
    # Line 1 has two references, line 2 one: each line is scored against its own.
    per_line = gecbias.easse_evaluate(
        output, source=source, references_per_line=[["The cat sat on the mat .", "A cat sat ."], ["It rained ."]],
        metrics=["f1_token"],
    )
    assert per_line.scores["f1_token"] == 100.0
    with pytest.raises(ValueError, match="samsa"):
        gecbias.easse_evaluate(output, source=source, references=[output], metrics=["samsa"])
    with pytest.raises(ValueError, match="unknown test set"):
        gecbias.easse_evaluate(output, test_set="no_such_set")
    with pytest.raises(gecbias.InputError, match="1 lines"):
        gecbias.easse_evaluate(output, source=source, references=[output[:1]])


def test_report_writes_the_commands_page_and_nothing_on_bad_input(tmp_path: Path) -> None:
    source = ["He go to school .", "She like it ."]
    gold = tmp_path / "gold.m2"
    gold.write_text(
        "S He go to school .\nA 1 2|||R:VERB:SVA|||goes|||REQUIRED|||-NONE-|||0\n\n"
        "S She like it .\nA 1 2|||R:VERB:SVA|||likes|||REQUIRED|||-NONE-|||0\n"
    )
    systems = {"fixed": ["He goes to school .", "She likes it ."], "<b>x</b>": ["He goes at school .", "She like it ."]}
    page = tmp_path / "gec.html"
    size = gecbias.report(page, systems, gold=gold, source=source, metrics=["m2"], resamples=100)
    html = page.read_text()
    assert size == len(html.encode()) and "&lt;b&gt;x&lt;/b&gt;" in html and "<b>x</b>" not in html
    assert '<th scope="row">fixed</th><td class="num">1.0000</td>' in html
    never = tmp_path / "never.html"
    with pytest.raises(gecbias.InputError, match="1 lines where"):
        gecbias.report(never, {"short": ["He goes to school ."]}, gold=gold, source=source)
    with pytest.raises(ValueError, match="needs references or test_set"):
        gecbias.report(never, systems, source=source)
    assert not never.exists()
    simple = tmp_path / "simple.html"
    gecbias.report(simple, {"copy": source}, source=source, references=[["He goes .", "She likes it ."]], samsa=False)
    assert '<section id="scores">' in simple.read_text()
