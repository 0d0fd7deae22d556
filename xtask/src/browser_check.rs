//! `cargo xtask browser-check`: `gecbias report` pages opened in Debian's headless Chromium,
//! driven over the DevTools protocol — a GEC page of the 14 CoNLL-2014 systems, a simplification
//! page of EASSE's TurkCorpus systems, and a page whose outputs and system name are hostile
//! markup. Each must load with no console error, no network request and no dialog, show the
//! expected rows and columns, let a filter change the sentences shown, and paint a screenshot
//! that is not blank (kept under `target/browser-check/`).

use std::io::ErrorKind;
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context, bail, ensure};
use base64::Engine as _;
use gecbias_engine::Metric;
use serde_json::{Value, json};
use simplification_metrics::EasseMetric;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

use crate::bench_cli::release_gecbias;
use crate::paper_inputs::conll14::SYSTEMS;
use crate::workspace::{data_dir, root};

/// The budget of the GEC page's first paint.
const FIRST_PAINT_MS: f64 = 2000.0;

/// Chromium with a fresh profile and its DevTools endpoint, killed when dropped.
struct Browser {
    child: Child,
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
    next_id: u64,
    session: String,
    /// Every event received, in order.
    events: Vec<Value>,
}

impl Drop for Browser {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Browser {
    fn launch(profile: &Path) -> anyhow::Result<Browser> {
        let _ = std::fs::remove_dir_all(profile);
        std::fs::create_dir_all(profile)?;
        let child = Command::new("chromium")
            .args([
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--hide-scrollbars",
                "--window-size=1280,1000",
                "--remote-debugging-port=0",
            ])
            .arg(format!("--user-data-dir={}", profile.display()))
            .arg("about:blank")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .context("chromium (Debian's package `chromium`; .ci/run installs it)")?;
        let port_file = profile.join("DevToolsActivePort");
        let started = Instant::now();
        let endpoint = loop {
            if let Ok(text) = std::fs::read_to_string(&port_file)
                && let [port, path] = text.lines().collect::<Vec<_>>()[..]
            {
                break format!("ws://127.0.0.1:{port}{path}");
            }
            ensure!(
                started.elapsed() < Duration::from_secs(30),
                "chromium did not start"
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        let (socket, _) = tungstenite::connect(endpoint.as_str())?;
        if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
            stream.set_read_timeout(Some(Duration::from_secs(60)))?;
        }
        let mut browser = Browser {
            child,
            socket,
            next_id: 0,
            session: String::new(),
            events: Vec::new(),
        };
        let target = browser.call("Target.createTarget", json!({"url": "about:blank"}))?;
        let attached = browser.call(
            "Target.attachToTarget",
            json!({"targetId": target["targetId"], "flatten": true}),
        )?;
        browser.session = attached["sessionId"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        for domain in ["Runtime", "Log", "Network", "Page"] {
            browser.call(&format!("{domain}.enable"), json!({}))?;
        }
        Ok(browser)
    }

    /// Sends a command (to the page once attached) and waits for its result, keeping events.
    fn call(&mut self, method: &str, params: Value) -> anyhow::Result<Value> {
        self.next_id += 1;
        let id = self.next_id;
        let mut message = json!({"id": id, "method": method, "params": params});
        if !self.session.is_empty() {
            message["sessionId"] = json!(self.session);
        }
        self.socket.send(Message::text(message.to_string()))?;
        loop {
            let reply = self.receive()?;
            if reply["id"] == json!(id) {
                if let Some(error) = reply.get("error") {
                    bail!("{method}: {error}");
                }
                return Ok(reply["result"].clone());
            }
            self.keep(reply)?;
        }
    }

    fn receive(&mut self) -> anyhow::Result<Value> {
        loop {
            match self.socket.read() {
                Ok(Message::Text(text)) => return Ok(serde_json::from_str(&text)?),
                Ok(_) => {}
                Err(tungstenite::Error::Io(e)) if e.kind() == ErrorKind::WouldBlock => {
                    bail!("chromium did not answer within 60 s")
                }
                Err(e) => return Err(e.into()),
            }
        }
    }

    /// Keeps an event; a dialog is dismissed at once (the page would hang on it) and kept.
    fn keep(&mut self, event: Value) -> anyhow::Result<()> {
        let dialog = event["method"] == "Page.javascriptDialogOpening";
        self.events.push(event);
        if dialog {
            self.next_id += 1;
            let message = json!({"id": self.next_id, "method": "Page.handleJavaScriptDialog",
                "params": {"accept": false}, "sessionId": self.session});
            self.socket.send(Message::text(message.to_string()))?;
        }
        Ok(())
    }

    /// Opens `page` and waits for its load event.
    fn open(&mut self, page: &Path) -> anyhow::Result<()> {
        self.events.clear();
        let url = format!("file://{}", page.display());
        self.call("Page.navigate", json!({"url": url}))?;
        while !self
            .events
            .iter()
            .any(|e| e["method"] == "Page.loadEventFired")
        {
            let event = self.receive()?;
            self.keep(event)?;
        }
        Ok(())
    }

    /// The value of a JavaScript expression in the page.
    fn eval(&mut self, expression: &str) -> anyhow::Result<Value> {
        let result = self.call(
            "Runtime.evaluate",
            json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        )?;
        if let Some(exception) = result.get("exceptionDetails") {
            bail!("{expression}: {exception}");
        }
        Ok(result["result"]["value"].clone())
    }

    /// Console errors, uncaught exceptions, log errors (a blocked load is one), requests for
    /// anything but the page itself and its `data:` URLs, and dialogs, as messages.
    fn problems(&self, page: &Path) -> Vec<String> {
        let own = format!("file://{}", page.display());
        let mut out = Vec::new();
        for e in &self.events {
            let p = &e["params"];
            match e["method"].as_str() {
                Some("Runtime.exceptionThrown") => {
                    out.push(format!("exception: {}", p["exceptionDetails"]))
                }
                Some("Runtime.consoleAPICalled") if p["type"] == "error" => {
                    out.push(format!("console error: {}", p["args"]))
                }
                Some("Log.entryAdded") if p["entry"]["level"] == "error" => {
                    out.push(format!("log error: {}", p["entry"]["text"]))
                }
                Some("Network.requestWillBeSent") => {
                    let url = p["request"]["url"].as_str().unwrap_or_default();
                    if url != own && !url.starts_with("data:") {
                        out.push(format!("network request: {url}"));
                    }
                }
                Some("Page.javascriptDialogOpening") => {
                    out.push(format!("dialog: {}", p["message"]))
                }
                _ => {}
            }
        }
        out
    }

    /// A screenshot of the whole page (up to 6,000 pixels tall) written to `path`; refused if
    /// it is one colour.
    fn screenshot(&mut self, path: &Path) -> anyhow::Result<()> {
        let height = self.eval("Math.min(document.documentElement.scrollHeight, 6000)")?;
        self.capture(path, 0.0, height)
    }

    /// A screenshot of the 1,400 pixels from the top of the section `id`.
    fn section_screenshot(&mut self, id: &str, path: &Path) -> anyhow::Result<()> {
        let top = self.eval(&format!(
            "document.getElementById({id:?}).getBoundingClientRect().top + window.scrollY"
        ))?;
        self.capture(path, top.as_f64().unwrap_or(0.0), json!(1400))
    }

    fn capture(&mut self, path: &Path, top: f64, height: Value) -> anyhow::Result<()> {
        let shot = self.call(
            "Page.captureScreenshot",
            json!({"format": "png", "captureBeyondViewport": true,
                   "clip": {"x": 0, "y": top, "width": 1280, "height": height, "scale": 1}}),
        )?;
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(shot["data"].as_str().unwrap_or_default())?;
        std::fs::write(path, &bytes)?;
        let colours = distinct_colours(&bytes)?;
        ensure!(
            colours > 20,
            "{}: a blank screenshot ({colours} colours)",
            path.display()
        );
        Ok(())
    }
}

/// How many distinct RGB colours a PNG holds (up to 1,000 counted).
fn distinct_colours(png_bytes: &[u8]) -> anyhow::Result<usize> {
    let decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    let mut reader = decoder.read_info()?;
    let mut buffer = vec![0; reader.output_buffer_size()];
    let info = reader.next_frame(&mut buffer)?;
    let step = info.color_type.samples();
    let mut seen = std::collections::HashSet::new();
    for pixel in buffer[..info.buffer_size()].chunks(step) {
        seen.insert((pixel[0], pixel.get(1).copied(), pixel.get(2).copied()));
        if seen.len() >= 1000 {
            break;
        }
    }
    Ok(seen.len())
}

/// Runs `gecbias report` with `args`, writing `page`.
fn report(gecbias: &Path, page: &Path, args: &[String]) -> anyhow::Result<()> {
    let output = Command::new(gecbias)
        .arg("report")
        .arg("-o")
        .arg(page)
        .args(args)
        .stderr(Stdio::inherit())
        .output()?;
    ensure!(
        output.status.success(),
        "gecbias report {}: {}",
        args.join(" "),
        output.status
    );
    Ok(())
}

/// The number an expression gives.
fn number(browser: &mut Browser, expression: &str) -> anyhow::Result<f64> {
    browser
        .eval(expression)?
        .as_f64()
        .with_context(|| format!("{expression}: not a number"))
}

/// The count `expression` gives, refused unless it is `expected`.
fn counted(
    browser: &mut Browser,
    expression: &str,
    (expected, what): (usize, &str),
) -> anyhow::Result<usize> {
    let found = number(browser, expression)?;
    ensure!(
        found == expected as f64,
        "{what}: {found}, expected {expected}"
    );
    Ok(expected)
}

const SENTENCES: &str = "document.querySelectorAll('#sentence-list article.sentence').length";
const COUNT: &str = "document.getElementById('sentence-count').textContent";

/// Sets a control of the sentence view and returns the count line afterwards.
fn filter(browser: &mut Browser, control: &str, value: &str) -> anyhow::Result<String> {
    let set = format!(
        "(() => {{ const c = document.getElementById({control:?}); c.value = {value:?}; \
         c.dispatchEvent(new Event('change')); return {COUNT}; }})()"
    );
    Ok(browser.eval(&set)?.as_str().unwrap_or_default().to_owned())
}

fn check_gec(browser: &mut Browser, page: &Path, shots: &Path) -> anyhow::Result<()> {
    browser.open(page)?;
    let paint = number(
        browser,
        "(performance.getEntriesByName('first-contentful-paint')[0] || {startTime: -1}).startTime",
    )?;
    ensure!(
        (0.0..=FIRST_PAINT_MS).contains(&paint),
        "first paint {paint} ms (≤ {FIRST_PAINT_MS})"
    );
    let rows = counted(
        browser,
        "document.querySelectorAll('#ranking table.ranking')[0].tBodies[0].rows.length",
        (SYSTEMS.len(), "ranking rows"),
    )?;
    counted(
        browser,
        "document.querySelector('table.type-grid').tBodies[0].rows.length",
        (SYSTEMS.len(), "type grid rows"),
    )?;
    let types = number(
        browser,
        "document.querySelectorAll('table.type-grid thead th.type').length",
    )?;
    let expected = number(
        browser,
        "new Set(JSON.parse(document.getElementById('data').textContent).types).size",
    )?;
    ensure!(types >= 20.0, "type grid columns {types}");
    let before = browser.eval(COUNT)?;
    ensure!(
        number(browser, SENTENCES)? == 20.0,
        "a page of 20 sentences"
    );
    let one = filter(browser, "filter-system", "0")?;
    let fp = filter(browser, "filter-outcome", "1")?;
    ensure!(
        fp != before.as_str().unwrap_or_default(),
        "the outcome filter changed nothing: {fp}"
    );
    let shown_fp = number(
        browser,
        "document.querySelectorAll('#sentence-list ins.fp, #sentence-list del.fp').length",
    )?;
    ensure!(shown_fp > 0.0, "false positives filtered, none shown");
    filter(browser, "filter-outcome", "")?;
    filter(browser, "filter-system", "-1")?;
    let problems = browser.problems(page);
    ensure!(problems.is_empty(), "{}: {problems:?}", page.display());
    browser.screenshot(&shots.join("gec.png"))?;
    browser.section_screenshot("sentences", &shots.join("gec-sentences.png"))?;
    println!(
        "GEC page ({:.1} MB): first paint {paint:.0} ms (≤ {FIRST_PAINT_MS:.0}); {rows} ranking rows, \
         {types} type columns ({expected} types in the edits); {before}; one system: {one}; its false \
         positives: {fp}; no console error, no network request, no dialog",
        std::fs::metadata(page)?.len() as f64 / 1e6
    );
    Ok(())
}

/// `gecbias easse evaluate -q` of one system on TurkCorpus: each value under its key as the
/// page's score table names its columns (metric keys, `quality_estimation/Compression ratio`).
fn easse_evaluate(
    gecbias: &Path,
    data: &Path,
    system: &Path,
    samsa: bool,
) -> anyhow::Result<Vec<(String, f64)>> {
    let mut metrics = vec![
        EasseMetric::Bleu,
        EasseMetric::Sari,
        EasseMetric::SariByOperation,
        EasseMetric::Fkgl,
    ];
    if samsa {
        metrics.push(EasseMetric::Samsa);
    }
    let metrics = metrics
        .into_iter()
        .map(EasseMetric::name)
        .collect::<Vec<_>>()
        .join(",");
    let output = Command::new(gecbias)
        .args([
            "easse",
            "evaluate",
            "-t",
            "turkcorpus_test",
            "-m",
            &metrics,
            "-q",
            "-i",
        ])
        .arg(system)
        .arg("--data")
        .arg(data)
        .output()?;
    ensure!(
        output.status.success(),
        "easse evaluate {}: {}",
        system.display(),
        output.status
    );
    let dict: Value = serde_json::from_str(&String::from_utf8(output.stdout)?.replace('\'', "\""))?;
    let mut out = Vec::new();
    for (key, value) in dict.as_object().into_iter().flatten() {
        match value.as_object() {
            Some(features) => out.extend(
                features
                    .iter()
                    .map(|(k, v)| (format!("{key}/{k}"), v.as_f64().unwrap_or(f64::NAN))),
            ),
            None => out.push((key.clone(), value.as_f64().unwrap_or(f64::NAN))),
        }
    }
    Ok(out)
}

/// Every system's row of the page's score table equals `gecbias easse evaluate`'s values (SAMSA
/// checked on the first system: it parses every source).
fn check_scores(
    browser: &mut Browser,
    gecbias: &Path,
    data: &Path,
    systems: &[PathBuf],
) -> anyhow::Result<usize> {
    let table: Value = browser.eval(
        "(() => { const t = document.querySelector('table.scores'); \
         const head = [...t.tHead.rows[0].cells].slice(1).map(c => c.dataset.key); \
         return [...t.tBodies[0].rows].map(r => [r.cells[0].textContent, \
           Object.fromEntries([...r.cells].slice(1).map((c, j) => [head[j], Number(c.textContent)]))]); })()",
    )?;
    let mut checked = 0;
    for (k, system) in systems.iter().enumerate() {
        let name = system
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let row = table
            .as_array()
            .and_then(|rows| rows.iter().find(|r| r[0] == json!(name)))
            .with_context(|| format!("no row for {name}"))?;
        for (column, value) in easse_evaluate(gecbias, data, system, k == 0)? {
            let shown = row[1][&column]
                .as_f64()
                .with_context(|| format!("{name}: no column {column}"))?;
            ensure!(
                (shown - value).abs() < 1e-9,
                "{name} {column}: the page shows {shown}, easse evaluate {value}"
            );
            checked += 1;
        }
    }
    Ok(checked)
}

fn check_simplification(
    browser: &mut Browser,
    page: &Path,
    shots: &Path,
    (gecbias, data, system_files): (&Path, &Path, &[PathBuf]),
) -> anyhow::Result<()> {
    let systems = system_files.len();
    browser.open(page)?;
    let sections: Vec<String> = serde_json::from_value(
        browser.eval("[...document.querySelectorAll('main > section')].map(s => s.id)")?,
    )?;
    let wanted = ["test-set", "scores", "plots", "sentences", "provenance"];
    ensure!(
        sections == wanted,
        "sections {sections:?}, expected {wanted:?}"
    );
    // The systems, EASSE's two baselines and its reference row.
    let rows = counted(
        browser,
        "document.querySelector('table.scores').tBodies[0].rows.length",
        (systems + 3, "score rows"),
    )?;
    let plots = counted(
        browser,
        "document.querySelectorAll('figure.plot-pair svg').length",
        (2 * systems, "histograms"),
    )?;
    let before = browser.eval(COUNT)?;
    filter(browser, "sort", "f0:desc")?;
    let first_best =
        browser.eval("document.querySelector('#sentence-list article').dataset.index")?;
    let found = {
        let set = "(() => { const c = document.getElementById('filter-text'); c.value = 'which'; \
                   c.dispatchEvent(new Event('input')); return new Promise(r => setTimeout(() => r(document.getElementById('sentence-count').textContent), 400)); })()";
        browser.eval(set)?
    };
    ensure!(found != before, "the search changed nothing");
    let problems = browser.problems(page);
    ensure!(problems.is_empty(), "{}: {problems:?}", page.display());
    browser.screenshot(&shots.join("simplification.png"))?;
    browser.section_screenshot("sentences", &shots.join("simplification-samples.png"))?;
    let checked = check_scores(browser, gecbias, data, system_files)?;
    println!(
        "simplification page: sections {sections:?}; {rows} score rows, {checked} values equal to \
         `gecbias easse evaluate`'s; {plots} histograms; best SARI first: sentence {first_best}; \
         search \"which\": {found}; no console error, no network request"
    );
    Ok(())
}

/// Outputs and a system name that are markup: shown as text, nothing of them runs.
fn check_hostile(
    browser: &mut Browser,
    gecbias: &Path,
    dir: &Path,
    shots: &Path,
) -> anyhow::Result<()> {
    let lines = [
        "He go to school .",
        "</script><script>alert(1)</script>",
        "<img src=x onerror=alert(1)>",
        "\"'& <!-- -->",
    ];
    let hostile = [
        "He goes to school .",
        "</script><script>alert(1)</script> .",
        "<img src=x onerror=alert(1)> !",
        "\"'& <!-- --> &amp;",
    ];
    let source = dir.join("hostile.src");
    let gold = dir.join("hostile.m2");
    let output = dir.join("hostile.out");
    std::fs::write(&source, lines.join("\n") + "\n")?;
    let m2: String = lines
        .iter()
        .map(|l| format!("S {l}\nA -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0\n\n"))
        .collect();
    std::fs::write(&gold, m2)?;
    std::fs::write(&output, hostile.join("\n") + "\n")?;
    let page = dir.join("hostile.html");
    let path = |p: &Path| p.display().to_string();
    report(
        gecbias,
        &page,
        &[
            "-s".into(),
            path(&source),
            "--gold".into(),
            path(&gold),
            "-m".into(),
            Metric::M2.name().into(),
            "-i".into(),
            format!("<b>x</b>={}", path(&output)),
            format!("copy={}", path(&source)),
        ],
    )?;
    browser.open(&page)?;
    let shown = browser.eval(
        "[...document.querySelectorAll('#ranking table.ranking th[scope=row]')].map(t => t.textContent)",
    )?;
    ensure!(
        shown
            .as_array()
            .is_some_and(|a| a.contains(&json!("<b>x</b>"))),
        "the name as text: {shown}"
    );
    let markup = number(
        browser,
        "document.querySelectorAll('main b:not(.added), main img, main script').length",
    )?;
    ensure!(
        markup == 0.0,
        "{markup} elements made from the inputs' markup"
    );
    let texts = browser.eval("document.getElementById('sentence-list').textContent")?;
    let texts = texts.as_str().unwrap_or_default();
    ensure!(
        texts.contains("<img src=x onerror=alert(1)>")
            && texts.contains("</script><script>alert(1)</script>"),
        "the outputs as text"
    );
    let problems = browser.problems(&page);
    ensure!(problems.is_empty(), "hostile page: {problems:?}");
    browser.screenshot(&shots.join("hostile.png"))?;
    println!(
        "hostile page: the name <b>x</b> and the outputs shown as text; no script of the input ran, no dialog, no console error"
    );
    Ok(())
}

pub(crate) fn run(data: Option<&Path>) -> anyhow::Result<()> {
    let root = root();
    let data = data_dir(data)?;
    let gecbias = release_gecbias(&root)?;
    let dir: PathBuf = root.join("target/browser-check");
    std::fs::create_dir_all(&dir)?;
    let mut browser = Browser::launch(&dir.join("profile"))?;
    check_hostile(&mut browser, &gecbias, &dir, &dir)?;
    let paragraphs = data.root().join("assess_learner_language/data/paragraphs");
    let gold = data
        .root()
        .join("assess_learner_language/data/conll14st-test-data/noalt/official-2014.combined.m2");
    let mut args: Vec<String> = vec!["-m".into()];
    args.extend([Metric::M2, Metric::Errant, Metric::Cleme2].map(|m| m.name().to_owned()));
    args.push("-s".into());
    args.push(paragraphs.join("conll.tok.orig").display().to_string());
    args.extend(["--gold".into(), gold.display().to_string(), "-i".into()]);
    args.extend(
        SYSTEMS
            .iter()
            .map(|(name, file)| format!("{name}={}", paragraphs.join(file).display())),
    );
    let gec = dir.join("gec.html");
    report(&gecbias, &gec, &args)?;
    check_gec(&mut browser, &gec, &dir)?;
    let outputs = data
        .root()
        .join("easse/easse/resources/data/system_outputs/turkcorpus/test");
    let mut systems: Vec<PathBuf> = std::fs::read_dir(&outputs)?
        .map(|e| e.map(|e| e.path()))
        .collect::<Result<_, _>>()?;
    systems.retain(|p| p.is_file());
    systems.sort();
    let mut args: Vec<String> = vec![
        "--test-set".into(),
        "turkcorpus_test".into(),
        "--data".into(),
    ];
    args.push(data.root().display().to_string());
    args.push("-i".into());
    args.extend(systems.iter().map(|p| {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        format!("{name}={}", p.display())
    }));
    let simplification = dir.join("simplification.html");
    report(&gecbias, &simplification, &args)?;
    check_simplification(
        &mut browser,
        &simplification,
        &dir,
        (&gecbias, data.root(), &systems),
    )?;
    println!("screenshots: {}", dir.display());
    Ok(())
}
