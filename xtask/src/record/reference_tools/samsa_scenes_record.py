"""What SAMSA's reference code (EASSE 0.2.4's easse/samsa.py, imported through
../shared/reference-tools/samsa_run.py, which stubs TUPA and CoreNLP) finds in gold UCCA passages:
the scenes' words (`get_scenes_text`), the main relations' minimal centres
(`get_minimal_centers_from_relations`) and the participants' (`get_minimal_centers_from_participants`),
or the exception the code raises. One JSON line per passage file given on the command line:
{"passage": NAME, "scenes": ..., "relations": ..., "participants": ...}."""
import json
import os
import sys

sys.path.insert(0, os.environ["SAMSA_RUN_DIR"])
import samsa_run  # noqa: E402  (installs the stubs, then imports EASSE's samsa)


def outcome(function, passage):
    try:
        return function(passage)
    except Exception as e:  # the reference's own crashes are part of what is recorded
        return f"{type(e).__name__}: {e}"


for path in sys.argv[1:]:
    passage = samsa_run.convert.file2passage(path)
    record = {
        "passage": os.path.basename(path),
        "scenes": outcome(samsa_run.ucca_utils.get_scenes_text, passage),
        "relations": outcome(samsa_run.samsa.get_minimal_centers_from_relations, passage),
        "participants": outcome(samsa_run.samsa.get_minimal_centers_from_participants, passage),
    }
    print(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
