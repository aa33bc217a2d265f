// Builds the page half of playground/dist/ (run by build.sh after the Go
// half, golem.wasm and wasm_exec.js): bundles src/ with esbuild into
// playground.js, copies web/, writes the service worker with this build's
// file list and version, pre-compresses the files, and reports the size of
// the page gzipped (the browser test fails when it passes 3 MB).
import * as esbuild from "esbuild";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync, constants } from "node:zlib";

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(here, "dist");
const MAX_GZIP = 3_000_000; // the whole page, gzipped

for (const f of ["golem.wasm", "wasm_exec.js"]) {
  if (!existsSync(path.join(dist, f))) throw new Error(`dist/${f} is missing: run playground/build.sh`);
}

const result = await esbuild.build({
  entryPoints: [path.join(here, "src", "playground.js")],
  bundle: true,
  minify: true,
  format: "iife",
  target: ["es2020"],
  outfile: path.join(dist, "playground.js"),
  metafile: true,
  legalComments: "none", // the licences go to third-party-licenses.txt
  logLevel: "warning",
});

// The licences of the npm packages in the bundle.
const pkgs = new Set();
for (const input of Object.keys(result.metafile.inputs)) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
  if (m) pkgs.add(m[1]);
}
let licences = "The playground's playground.js bundles these npm packages:\n";
for (const name of [...pkgs].sort()) {
  const dir = path.join(here, "node_modules", name);
  const pj = JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8"));
  const file = readdirSync(dir).find((f) => /^licen[cs]e/i.test(f));
  licences += `\n==== ${name} ${pj.version} (${pj.license})\n\n` +
    (file ? readFileSync(path.join(dir, file), "utf8").trim() : "(no licence file in the package)") + "\n";
}
writeFileSync(path.join(dist, "third-party-licenses.txt"), licences);

cpSync(path.join(here, "web"), dist, { recursive: true, filter: (src) => path.basename(src) !== "sw.js" });

// Every file of the page, for the service worker's cache.
function walk(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}
for (const f of walk(dist)) if (f.endsWith(".gz")) rmSync(f);
const files = walk(dist).map((f) => path.relative(dist, f).split(path.sep).join("/"))
  .filter((f) => f !== "sw.js").sort();
const hash = createHash("sha256");
for (const f of files) hash.update(f + "\0").update(readFileSync(path.join(dist, f)));
const version = hash.digest("hex").slice(0, 16);
const assets = ["./", ...files.filter((f) => f !== "third-party-licenses.txt")];
writeFileSync(path.join(dist, "sw.js"), readFileSync(path.join(here, "web", "sw.js"), "utf8")
  .replace("__VERSION__", version).replace("__ASSETS__", JSON.stringify(assets)));

// Pre-compress (playground/serve sends the .gz to browsers that take gzip)
// and measure what the page downloads.
// golem.wasm, most of the page, is compressed with zopfli where it is
// installed (Debian's zopfli, which .ci/run installs): its gzip files are
// about 4% smaller than zlib's best, at some 30 s of one core.
let zopfli = false;
try {
  execFileSync("zopfli", ["-h"], { stdio: "ignore" });
  zopfli = true;
} catch (_) { /* not installed: zlib */ }
function gzip(f, raw) {
  if (zopfli && f === "golem.wasm") {
    return execFileSync("zopfli", ["--i1", "--gzip", "-c", path.join(dist, f)], { maxBuffer: 1 << 30 });
  }
  return gzipSync(raw, { level: constants.Z_BEST_COMPRESSION });
}
let total = 0;
const rows = [];
for (const f of [...assets.slice(1), "sw.js"]) {
  const raw = readFileSync(path.join(dist, f));
  const gz = gzip(f, raw);
  if (/\.(wasm|js|css|html)$/.test(f) && gz.length < raw.length) writeFileSync(path.join(dist, f + ".gz"), gz);
  total += Math.min(gz.length, raw.length);
  rows.push([f, raw.length, gz.length]);
}
const mb = (b) => (b / 1e6).toFixed(2) + " MB";
rows.sort((a, b) => b[2] - a[2]);
for (const [f, raw, gz] of rows.slice(0, 4)) console.log(`  ${f}: ${mb(raw)} raw, ${mb(gz)} gzipped`);
console.log(`page: ${files.length} files, ${mb(total)} gzipped in all (limit ${mb(MAX_GZIP)}; golem.wasm by ${zopfli ? "zopfli" : "zlib, as zopfli is not installed"}), version ${version}`);
writeFileSync(path.join(dist, "size.json"), JSON.stringify({ gzipTotal: total, limit: MAX_GZIP, version }) + "\n");
if (total > MAX_GZIP) {
  console.error(`warning: the page is ${mb(total)} gzipped, over the ${mb(MAX_GZIP)} limit`);
}
