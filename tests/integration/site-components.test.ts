/**
 * Site components (issue 19 §3): components come only from trusted code the
 * config names. Each case runs the CLI on a copy of the built `components`
 * fixture site and checks what every bad input promises
 * (tests/helpers/bad-input.ts): exit code, pinned lines, no stack trace,
 * sources and the previous dist/ intact. The base build and the cases run in
 * the test process (in-process-cli.ts), except the two with a short time
 * limit (SHORT_LIMIT), which run in a process of their own (runCaseCli).
 */
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectBuildOutcome, type BadInputCase } from '../helpers/bad-input.js';
import { fixturesDir } from '../helpers/docusaurus-fixtures.js';
import { runCliInProcess } from '../helpers/in-process-cli.js';
import { tempDir } from '../helpers/run-cli.js';

// The time limit of loading the components and of each use (the default is 10 s): generous, so that no case fails
// because the machine is busy (loading takes under a second), except in the cases of a component that never
// returns, which set a short one (SHORT_LIMIT) so as not to wait long for it.
process.env.DOCSGEN_COMPONENT_TIMEOUT = '60';
const SHORT_LIMIT = { DOCSGEN_COMPONENT_TIMEOUT: '5' };

const PAGE = 'content/docs/third.mdx';
/** A file of the site. */
const write = (file: string, contents: string) => (root: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), contents);
};
/** A page that the sidebar does not list (no sidebar error follows), with this body. */
const page = (body: string) => write(PAGE, `---\ntitle: Third\n---\n\n${body}\n`);
/** Registers one more component in the fixture's config. */
const register = (name: string, modulePath: string) => (root: string) => {
  const config = path.join(root, 'build.config.ts');
  writeFileSync(
    config,
    readFileSync(config, 'utf8').replace('components: {', `components: {\n    ${name}: '${modulePath}',`),
  );
};
const builtPage = (root: string, route: string) => readFileSync(path.join(root, 'dist', route, 'index.html'), 'utf8');
/** A file a module writes when it is run: content must never run it. */
const RAN = path.join(tempDir('docsgen-component-ran-'), 'ran.txt');
const SIDE_EFFECT = `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(RAN)}, 'ran');\nexport default function Evil() { return null; }\n`;

const cases: BadInputCase[] = [
  {
    name: 'a component the config does not register, with the config line to add',
    apply: page('<Callout kind="info">Hello</Callout>'),
    code: 1,
    lines: [
      `error  ${PAGE}:5:1  unknown component <Callout>`,
      "add `components: { Callout: 'src/components/Callout.tsx' }` to build.config.ts",
    ],
  },
  {
    name: 'an @site/ import of a module the config does not register, never run',
    apply: (root) => {
      write('src/components/Evil.tsx', SIDE_EFFECT)(root);
      page("import Evil from '@site/src/components/Evil';\n\n<Evil />")(root);
    },
    code: 1,
    lines: [
      `error  ${PAGE}:5:1  import of '@site/src/components/Evil' is not allowed`,
      "add `components: { Evil: 'src/components/Evil' }` to build.config.ts",
    ],
    check: () => expect(existsSync(RAN)).toBe(false),
  },
  {
    name: 'a relative import of a module the config does not register',
    apply: (root) => {
      write('src/components/Evil.tsx', SIDE_EFFECT)(root);
      page("import Evil from '../../src/components/Evil.tsx';\n\n<Evil />")(root);
    },
    code: 1,
    lines: [`error  ${PAGE}:5:1  import of '../../src/components/Evil.tsx' is not allowed`],
    check: () => expect(existsSync(RAN)).toBe(false),
  },
  {
    name: 'a relative import of a module the config does not register: the hint is the config line with its path',
    apply: (root) => {
      write('src/parts/Note.js', 'export default function Note() { return null; }\n')(root);
      page("import Note from '../../src/parts/Note.js';\n\n<Note />")(root);
    },
    code: 1,
    lines: [
      `error  ${PAGE}:5:1  import of '../../src/parts/Note.js' is not allowed`,
      "    hint: add `components: { Note: 'src/parts/Note.js' }` to build.config.ts",
    ],
  },
  {
    name: 'an @site/ import of the config file',
    apply: page("import Config from '@site/build.config.ts';\n\n<Config />"),
    code: 1,
    lines: [
      `error  ${PAGE}:5:1  import of '@site/build.config.ts' is not allowed`,
      "add `components: { Config: 'build.config.ts' }`",
    ],
  },
  {
    name: 'a named import of a registered component',
    apply: page("import { BrowserWindow } from '@site/src/components/BrowserWindow';\n\nText."),
    code: 1,
    lines: [`error  ${PAGE}:5:1  only the default import of a site component is allowed`],
  },
  {
    name: 'a component that throws while rendering, at its use',
    apply: (root) => {
      write(
        'src/components/Strict.tsx',
        "export default function Strict({ label }: { label?: string }) {\n  if (!label) throw new Error('label is required');\n  return <b>{label}</b>;\n}\n",
      )(root);
      register('Strict', 'src/components/Strict.tsx')(root);
      page('Fine: <Strict label="ok" />\n\nBroken:\n\n<Strict />')(root);
    },
    code: 1,
    lines: [
      `error  ${PAGE}:9:1  <Strict> threw while rendering: label is required  [component-error]`,
      "    hint: <Strict> is the site's own code (components.Strict in the config): fix it, or the props this use gives it",
    ],
  },
  {
    name: 'a component that never returns is stopped, and after three such uses the others are not rendered',
    apply: (root) => {
      write('src/components/Spin.tsx', 'export default function Spin() {\n  for (;;) {}\n}\n')(root);
      register('Spin', 'src/components/Spin.tsx')(root);
      page(
        `Before.\n\n<Spin />\n\nAfter: <Highlight color="red">still rendered</Highlight>.\n\n${'<Spin />\n\n'.repeat(50)}`,
      )(root);
    },
    env: SHORT_LIMIT,
    code: 1,
    lines: [
      `error  ${PAGE}:7:1  <Spin> did not finish rendering within 5 s, and was stopped  [component-error]`,
      `error  ${PAGE}:13:1  <Spin> did not finish rendering within 5 s, and was stopped  [component-error]`,
      `error  ${PAGE}:15:1  <Spin> was not rendered: 3 uses of site components were already stopped in this build  [component-error]`,
    ],
  },
  {
    // Docusaurus compiles a site's .js with JSX, and its pages import components by a relative path (issue 29's proof).
    name: 'a registered .js component written with JSX, imported by a relative path, renders',
    apply: (root) => {
      write(
        'src/components/Badge.js',
        'const Badge = ({ label }) => <span className="badge">{label}</span>;\nexport default Badge;\n',
      )(root);
      register('Badge', 'src/components/Badge.js')(root);
      page('import Badge from \'../../src/components/Badge.js\';\n\nStatus: <Badge label="stable" />')(root);
    },
    code: 0,
    lines: [],
    check: (root) => expect(builtPage(root, 'docs/third')).toContain('<span class="badge">stable</span>'),
  },
  {
    // Issue 31 §3: the import line Docusaurus needs is kept as it is, however the page spells it.
    name: 'a registered component renamed by a relative import with a .js extension for its .tsx module renders',
    apply: page(
      'import Frame from \'../../src/components/BrowserWindow.js\';\nimport Mark from \'@site/src/components/Highlight.tsx\';\n\n<Frame url="renamed">\n\nInside <Mark color="red">marked</Mark>.\n\n</Frame>',
    ),
    code: 0,
    lines: [],
    check: (root) => {
      const html = builtPage(root, 'docs/third');
      expect(html).toContain('<span class="browser-window-address">renamed</span>');
      expect(html).toContain(
        '<span class="highlight" style="background-color:red;border-radius:2px;padding:0 4px">marked</span>',
      );
      expect(html).not.toContain('<Frame');
    },
  },
  {
    // Issue 29's proof: every component of a real site is a folder (src/theme/Step/index.js), registered as webpack resolves it.
    name: "a component registered by its folder renders from the folder's index.js",
    apply: (root) => {
      write(
        'src/theme/Step/index.js',
        'const Step = ({ n }) => <ol className="step">{n}</ol>;\nexport default Step;\n',
      )(root);
      register('Step', 'src/theme/Step')(root);
      page('import Step from \'@site/src/theme/Step\';\n\n<Step n="one" />')(root);
    },
    code: 0,
    lines: [],
    check: (root) => expect(builtPage(root, 'docs/third')).toContain('<ol class="step">one</ol>'),
  },
  {
    name: "an unregistered folder module imported with a named import: the import's hint and its tags' agree",
    apply: (root) => {
      write(
        'src/theme/Step/index.js',
        'export const Divider = () => <hr />;\nexport default () => <b>step</b>;\n',
      )(root);
      page("import Step, { Divider } from '@site/src/theme/Step';\n\n<Step />\n\n<Divider />")(root);
    },
    code: 1,
    lines: [
      `error  ${PAGE}:5:1  import of '@site/src/theme/Step' is not allowed`,
      "    hint: add `components: { Step: 'src/theme/Step' }` to build.config.ts (site components come only from the config: their modules are trusted code, rendered at build time); Divider is a named import: a site component is its module's default export, so each needs a module of its own to register",
      `error  ${PAGE}:7:1  unknown component <Step>`,
      "    hint: <Step> is imported from '@site/src/theme/Step': add `components: { Step: 'src/theme/Step' }` to build.config.ts",
      `error  ${PAGE}:9:1  unknown component <Divider>`,
      "    hint: <Divider> is a named import from '@site/src/theme/Step', and a site component is its module's default export",
    ],
    absent: ['src/components/Step.tsx', 'src/components/Divider.tsx'],
  },
  {
    name: 'an import of a second module under a registered name: the hint registers it under a name of its own',
    apply: (root) => {
      write('src/components/BrowserWindowLegacy/index.tsx', 'export default () => <i>legacy</i>;\n')(root);
      page(
        'import BrowserWindow from \'@site/src/components/BrowserWindowLegacy\';\n\n<BrowserWindow url="x">\n\nBody.\n\n</BrowserWindow>',
      )(root);
    },
    code: 1,
    lines: [
      `error  ${PAGE}:5:1  import of '@site/src/components/BrowserWindowLegacy' is not allowed`,
      "    hint: BrowserWindow is registered in build.config.ts for another module ('src/components/BrowserWindow.tsx'), and this page imports '@site/src/components/BrowserWindowLegacy' under that name: register this module under a name of its own, `components: { BrowserWindowLegacy: 'src/components/BrowserWindowLegacy' }`; the import then names it BrowserWindow on this page only",
      `error  ${PAGE}:7:1  unknown component <BrowserWindow>`,
    ],
    // The tag is an error too: the registered BrowserWindow is not shown in place of the module the page imports.
    absent: ["components: { BrowserWindow: 'src/components/BrowserWindowLegacy' }"],
  },
  {
    name: 'a prop that holds markup is escaped text',
    apply: page(
      '<BrowserWindow url={"<script>alert(1)</script><img src=x onerror=alert(2)>"}>\n\nSafe.\n\n</BrowserWindow>',
    ),
    code: 0,
    lines: [],
    check: (root) => {
      const html = builtPage(root, 'docs/third');
      expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;');
      expect(html).not.toContain('<script>alert');
      expect(html).not.toContain('<img src="x"');
    },
  },
  {
    name: 'children with an event handler are sanitised as content',
    apply: page(
      '<BrowserWindow url="x">\n\n<img src="https://example.com/a.png" onerror="alert(1)" />\n\n<script>alert(2)</script>\n\n</BrowserWindow>',
    ),
    code: 0,
    lines: [
      `warning  ${PAGE}:7:1  removed the onerror attribute of <img> (event handlers never run from content)  [unsafe-html]`,
      `warning  ${PAGE}:9:1  removed <script> and its content`,
    ],
    check: (root) => {
      const html = builtPage(root, 'docs/third');
      expect(html).toContain(
        '<div class="browser-window-body"><img src="https://example.com/a.png" loading="lazy" decoding="async"></div>',
      );
      expect(html).not.toContain('onerror');
      expect(html).not.toContain('alert(');
    },
  },
  {
    name: "the site's own copy of React is never loaded: components render with docsgen's (hooks need one React)",
    apply: (root) => {
      write('node_modules/react/package.json', '{ "name": "react", "version": "0.0.0", "main": "index.js" }\n')(root);
      write('node_modules/react/index.js', "throw new Error('the site React was loaded');\n")(root);
      write('node_modules/react/jsx-runtime.js', "throw new Error('the site React was loaded');\n")(root);
      page('<BrowserWindow url="hooks">\n\nWith useState.\n\n</BrowserWindow>')(root);
    },
    code: 0,
    lines: [],
    check: (root) =>
      expect(builtPage(root, 'docs/third')).toContain('<span class="browser-window-address">hooks</span>'),
  },
  {
    name: 'content cannot forge the markers component output goes in',
    apply: page('<dg-use-0>a</dg-use-0> <dg-children-0 /> <Highlight color="red">x</Highlight>'),
    code: 0,
    lines: [],
    check: (root) => expect(builtPage(root, 'docs/third')).not.toMatch(/<dg-/),
  },
];

/** Config errors (exit 2): a component module must be the site's own code. */
const configCases: BadInputCase[] = [
  {
    name: 'a component module outside the site root',
    apply: register('Outside', '../outside/Outside.tsx'),
    code: 2,
    lines: [
      "error  build.config.ts:6:14  components.Outside: '../outside/Outside.tsx' is outside the site root, where docsgen never runs code from  [invalid-config]",
      "    hint: register modules of the site's own code",
    ],
  },
  {
    name: 'a component module in the docs folder (content)',
    apply: (root) => {
      write('content/docs/Evil.tsx', SIDE_EFFECT)(root);
      register('Evil', 'content/docs/Evil.tsx')(root);
    },
    code: 2,
    lines: [
      "error  build.config.ts:6:11  components.Evil: 'content/docs/Evil.tsx' is inside content/docs/, whose files are content (content never runs code)  [invalid-config]",
    ],
    check: () => expect(existsSync(RAN)).toBe(false),
  },
  {
    name: 'a component module in public/',
    apply: (root) => {
      write('public/Evil.js', 'export default function Evil() { return null; }\n')(root);
      register('Evil', 'public/Evil')(root);
    },
    code: 2,
    lines: [
      "components.Evil: 'public/Evil' is inside public/, whose files are content (content never runs code)  [invalid-config]",
    ],
  },
  {
    name: 'a component module in node_modules/',
    apply: (root) => {
      write('node_modules/pkg/index.js', 'export default function Pkg() { return null; }\n')(root);
      register('Pkg', 'node_modules/pkg/index.js')(root);
    },
    code: 2,
    lines: [
      "components.Pkg: 'node_modules/pkg/index.js' is inside node_modules/, where docsgen never runs code from  [invalid-config]",
    ],
  },
  {
    name: 'a component module that does not exist',
    apply: register('Gone', 'src/components/Gone'),
    code: 2,
    lines: [
      "components.Gone: 'src/components/Gone' is not a file (tried .tsx, .ts, .jsx, .js, .mjs after it, and index.tsx, index.ts, index.jsx, index.js, index.mjs in it)  [invalid-config]",
    ],
  },
  {
    name: 'a component module with a syntax error, at its place',
    apply: (root) => {
      write('src/components/Broken.tsx', 'export default function Broken() {\n  return <b>;\n}\n')(root);
      register('Broken', 'src/components/Broken.tsx')(root);
    },
    code: 2,
    lines: [
      'error  src/components/Broken.tsx:3:1  The character "}" is not valid inside a JSX element  [component-bundle]',
      'error  the site components (`components` in the config) could not be bundled',
    ],
  },
  {
    name: 'a component module whose default export is not a component',
    apply: (root) => {
      write('src/components/Answer.ts', 'export default 42;\n')(root);
      register('Answer', 'src/components/Answer.ts')(root);
    },
    code: 2,
    lines: ["components.Answer: the module's default export is not a React component"],
  },
  {
    name: 'a component module that throws when it is imported',
    apply: (root) => {
      write(
        'src/components/Loud.tsx',
        "throw new Error('no window here');\nexport default function Loud() { return null; }\n",
      )(root);
      register('Loud', 'src/components/Loud.tsx')(root);
    },
    code: 2,
    lines: ['error  the site components (`components` in the config) threw while loading: no window here'],
  },
  {
    name: 'a component module that never finishes loading is stopped',
    apply: (root) => {
      write('src/components/Stuck.tsx', 'while (true) {}\nexport default function Stuck() { return null; }\n')(root);
      register('Stuck', 'src/components/Stuck.tsx')(root);
    },
    env: SHORT_LIMIT,
    code: 2,
    lines: [
      'error  the site components (`components` in the config) did not finish loading within 5 s, and were stopped',
    ],
  },
  {
    name: 'a components entry that is neither a module path nor { path, client }',
    apply: (root) => {
      const config = path.join(root, 'build.config.ts');
      writeFileSync(
        config,
        readFileSync(config, 'utf8').replace(
          'components: {',
          "components: {\n    Counter: { path: 'src/components/BrowserWindow.tsx', client: 'yes' },",
        ),
      );
    },
    code: 2,
    lines: [
      "error  build.config.ts:6:5  components.Counter: a component is its module's path, 'src/components/X.tsx', or { path: 'src/components/X.tsx', client: true } to hydrate it in the browser  [invalid-config]",
    ],
  },
  {
    name: 'a component name that is not capitalised',
    apply: register('frame', 'src/components/BrowserWindow.tsx'),
    code: 2,
    lines: [
      "error  build.config.ts:6:5  components.frame: 'frame' is no component name: content uses it as <frame>, so it starts with a capital letter and has only letters, digits and _  [invalid-config]",
    ],
  },
];

/** The fixture site, built once (a dist/ to keep, a warm cache), with an empty public/ the snapshots read. */
async function buildComponentsSite(): Promise<string> {
  const root = tempDir('docsgen-components-base-');
  cpSync(path.join(fixturesDir, 'components'), root, { recursive: true });
  mkdirSync(path.join(root, 'public'), { recursive: true });
  const { code, stderr } = await runCliInProcess(['build', '--root', root]);
  if (code !== 0) throw new Error(`the components site did not build:\n${stderr}`);
  return root;
}

describe.concurrent('site components: attacks, errors and their places', () => {
  let base: string;
  beforeAll(async () => {
    base = await buildComponentsSite();
  });

  it.each([...cases, ...configCases])('$name', (c) => expectBuildOutcome(base, c));
});
