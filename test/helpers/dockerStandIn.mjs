// `docker` as the recipes of docs/how-to/many-machines.md use it, without a container engine (test/recipes.test.ts
// puts a `docker` command that runs this first on PATH). The image is the scratch image the
// test built from the Dockerfile (test/helpers/scratchImage.ts); the state file named by
// DOCKER_STAND_IN says how to run it and records what was built and pushed.
//
//   docker build -t NAME DIR            DIR/Dockerfile must be the repository's; NAME is built
//   docker push NAME                    NAME must have been built
//   docker run [--rm] [-v SRC:DST] NAME [ARGS...]
//                                       the image's entry command with ARGS (or its CMD), in SRC
//                                       when DST is the image's working folder (else in it)
//
// Anything else fails loudly (exit 99): a recipe the stand-in does not understand is a recipe
// the test does not check.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const statePath = process.env.DOCKER_STAND_IN;
const state = JSON.parse(readFileSync(statePath, 'utf8'));
const save = () => writeFileSync(statePath, JSON.stringify(state));
const refuse = (why) => {
  process.stderr.write(`docker (test stand-in): ${why}\n`);
  process.exit(99);
};
const [verb, ...rest] = process.argv.slice(2);

if (verb === 'build') {
  if (rest.length !== 3 || rest[0] !== '-t') refuse(`expected "docker build -t NAME DIR", got "docker build ${rest.join(' ')}"`);
  const [, name, dir] = rest;
  let text;
  try {
    text = readFileSync(join(resolve(dir), 'Dockerfile'), 'utf8');
  } catch {
    refuse(`no Dockerfile in ${dir}`);
  }
  if (text !== readFileSync(state.dockerfile, 'utf8')) refuse(`${dir}/Dockerfile is not the repository's Dockerfile, the one the test built`);
  state.built.push(name);
  save();
} else if (verb === 'push') {
  if (rest.length !== 1 || !state.built.includes(rest[0])) refuse(`push ${rest.join(' ')}: not an image built here`);
  state.pushed.push(rest[0]);
  save();
} else if (verb === 'run') {
  let cwd = state.image.workdirHere;
  let i = 0;
  for (; i < rest.length && rest[i].startsWith('-'); i++) {
    if (rest[i] === '--rm') continue;
    if (rest[i] === '-v' || rest[i] === '--volume') {
      const [src, dst, ...more] = (rest[++i] ?? '').split(':');
      if (!src || dst !== state.image.workdir || more.length) refuse(`-v ${rest[i]}: the stand-in mounts a folder at the image's working folder ${state.image.workdir} only`);
      cwd = resolve(src);
      continue;
    }
    refuse(`docker run option ${rest[i]} is not understood`);
  }
  const name = rest[i];
  if (!state.built.includes(name) && !state.pushed.includes(name)) refuse(`run ${name}: not an image built here`);
  const args = rest.slice(i + 1);
  const argv = [...state.image.entrypoint, ...(args.length ? args : state.image.cmd)];
  const r = spawnSync(argv[0], argv.slice(1), { cwd, env: { ...process.env, PATH: state.image.path }, stdio: 'inherit' });
  process.exit(r.status ?? 99);
} else {
  refuse(`"docker ${verb}" is not understood`);
}
