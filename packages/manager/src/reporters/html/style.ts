/** The report's stylesheet, inlined in the page (no CDN, works from file://). */
export const STYLE = `
:root { --pass: #1a7f37; --fail: #cf222e; --flaky: #9a6700; --skip: #6e7781; --line: #d0d7de; --bg: #f6f8fa; }
* { box-sizing: border-box; }
body { font: 14px/1.5 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; color: #1f2328; background: #fff; }
header { padding: 1rem 2rem; border-bottom: 1px solid var(--line); background: var(--bg); }
header h1 { font-size: 1.3rem; margin: 0 0 .25rem; }
main { padding: 1rem 2rem 3rem; max-width: 1200px; }
nav.tabs a { margin-right: 1rem; text-decoration: none; color: #0969da; padding-bottom: .2rem; }
nav.tabs a[aria-current="page"] { border-bottom: 2px solid #0969da; font-weight: 600; }
.muted { color: #656d76; font-weight: normal; font-size: .9em; }
.toolbar { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; margin: 1rem 0; }
.toolbar button { border: 1px solid var(--line); background: #fff; border-radius: 2rem; padding: .25rem .8rem; cursor: pointer; font: inherit; }
.toolbar button[aria-pressed="true"] { background: #0969da; color: #fff; border-color: #0969da; }
.toolbar .count { font-weight: 600; margin-left: .25rem; }
.toolbar input[type="search"] { margin-left: auto; min-width: 16rem; padding: .3rem .6rem; border: 1px solid var(--line); border-radius: .4rem; font: inherit; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid var(--line); padding: .45rem .6rem; text-align: left; vertical-align: top; }
th { background: var(--bg); font-weight: 600; }
td.num { white-space: nowrap; font-variant-numeric: tabular-nums; }
.error-text { white-space: pre-wrap; color: var(--fail); font-family: ui-monospace, monospace; font-size: .85em; }
td.error-line { color: var(--fail); font-family: ui-monospace, monospace; font-size: .85em; word-break: break-word; }
.badge { display: inline-block; padding: 0 .5rem; border-radius: 1rem; font-size: .8rem; font-weight: 600; color: #fff; vertical-align: middle; }
.badge.passed { background: var(--pass); } .badge.failed { background: var(--fail); }
.badge.flaky { background: var(--flaky); } .badge.not_run { background: var(--skip); }
.panel { border: 1px solid var(--line); border-radius: .5rem; margin: 1rem 0; padding: .5rem 1rem 1rem; }
.panel h3 { font-size: 1rem; margin: .5rem 0; }
pre { white-space: pre-wrap; word-break: break-word; background: var(--bg); padding: .6rem; border-radius: .4rem; margin: .4rem 0; font-size: .85em; }
pre.error, pre.step-error { color: var(--fail); }
img.screenshot { max-width: min(100%, 960px); border: 1px solid var(--line); border-radius: .3rem; }
ol.timeline { list-style: none; padding: 0; margin: 0; }
ol.timeline ol { list-style: none; padding: 0; margin: 0; }
.step { display: grid; grid-template-columns: minmax(10rem, 1fr) 5rem 3fr 5rem; gap: .5rem; align-items: center; padding: .2rem 0; border-bottom: 1px dashed var(--line); }
.step-name { padding-left: calc(var(--depth) * 1.2rem + 1rem); position: relative; }
details.step-group > summary { list-style: none; cursor: pointer; }
details.step-group > summary::-webkit-details-marker { display: none; }
details.step-group > summary .step-name::before { content: "▸"; position: absolute; left: calc(var(--depth) * 1.2rem); color: #656d76; }
details.step-group[open] > summary .step-name::before { content: "▾"; }
.headline { margin: .25rem 0; } .headline .badge { font-size: .9rem; padding: .1rem .6rem; }
.headline .counts { font-weight: 600; margin: 0 .5rem; }
.meta { display: flex; flex-wrap: wrap; gap: .25rem 1.25rem; margin: .25rem 0; font-size: .9em; }
.description { margin: .25rem 0; } .declared { margin: .25rem 0; }
.flow-file { font-size: .85em; color: #656d76; }
figure.code-frame { margin: .5rem 0 0; } figure.code-frame figcaption { font-size: .85em; color: #656d76; }
figure.code-frame pre { color: #1f2328; }
.code-line { display: block; white-space: pre; } .code-line.hit { background: #ffebe9; color: var(--fail); font-weight: 600; }
.step .step-error { grid-column: 1 / -1; }
.step-status { font-size: .8em; color: #656d76; }
.track { position: relative; height: .7rem; background: var(--bg); border-radius: .35rem; }
.bar { position: absolute; top: 0; bottom: 0; min-width: 2px; border-radius: .35rem; background: var(--pass); }
.step.fail .bar, .step.error .bar { background: var(--fail); } .step.not_run .bar { display: none; }
.step.not_run .step-name { color: #8c959f; }
.step-ms { text-align: right; font-variant-numeric: tabular-nums; font-size: .85em; }
.markdown { border-left: 3px solid var(--line); padding-left: 1rem; }
.ticket { border: 1px solid var(--line); border-radius: .5rem; margin: 1rem 0; padding: .5rem 1rem; }
ol.attempts { padding-left: 1.2rem; } .attempt { margin: .75rem 0; }
.attempt h4 { margin: .2rem 0; } .evidence h5 { margin: .4rem 0 .1rem; font-size: .85rem; }
.evidence ul { margin: 0; padding-left: 1.2rem; }
.note { color: var(--flaky); }
[role="tablist"] { display: flex; gap: .25rem; border-bottom: 1px solid var(--line); margin: 1rem 0 0; }
.run-tab { border: 1px solid var(--line); border-bottom: none; background: var(--bg); border-radius: .4rem .4rem 0 0; padding: .35rem .9rem; font: inherit; cursor: pointer; }
.run-tab[aria-selected="true"] { background: #fff; font-weight: 600; margin-bottom: -1px; }
.run-tab.failed { color: var(--fail); } .run-tab.passed { color: var(--pass); }
.tags { color: #0969da; font-size: .85em; }
[hidden] { display: none !important; }
`;
