// Bundle the front-end into wispwidget/static/ (run by hatch_build.py on install; BUNDLE there lists the outputs).
import { build } from "esbuild";
import { copyFileSync, mkdirSync } from "node:fs";

const outdir = "wispwidget/static";
mkdirSync(outdir, { recursive: true });
for (const name of ["table", "trace", "variant_lab"]) {
  await build({
    entryPoints: [`js/${name}.ts`],
    bundle: true,
    format: "esm",
    minify: true,
    target: ["es2020"],
    define: { "define.amd": "false" },
    outfile: `${outdir}/${name}.js`,
  });
}
copyFileSync("js/table.css", `${outdir}/table.css`);
copyFileSync("js/variant_lab.css", `${outdir}/variant_lab.css`);
console.log("built", outdir);
