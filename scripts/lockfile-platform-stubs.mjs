// The npm registry mirror of our build machines serves only the linux-x64 builds of
// native packages (@swc/core-*, @rollup/rollup-*, msgpackr-extract-*). npm then leaves the
// other platforms' optional dependencies out of package-lock.json, and `npm ci` refuses
// such a lockfile. This adds each missing optional platform package as a stub entry with
// its os/cpu/libc, so `npm ci` validates the lockfile and skips the stubs on other
// platforms. Run it after `npm install` changes the lockfile: node scripts/lockfile-platform-stubs.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const OS = [
  'darwin',
  'linux',
  'win32',
  'android',
  'freebsd',
  'openbsd',
  'openharmony',
  'sunos',
  'aix',
];
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'ppc64', 's390x', 'riscv64', 'loong64'];

function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const os = tokens.find((token) => OS.includes(token));
  const cpu = tokens.find((token) => CPU.includes(token));
  if (!os || !cpu) return undefined;
  const libc = tokens.some((token) => token.startsWith('musl'))
    ? 'musl'
    : tokens.some((token) => token.startsWith('gnu'))
      ? 'glibc'
      : undefined;
  return { os, cpu, libc };
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8'));
let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    if (lock.packages[key] || lock.packages[`${path}/node_modules/${name}`]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    lock.packages[key] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [platform.os],
      cpu: [platform.cpu],
      ...(platform.libc ? { libc: [platform.libc] } : {}),
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a.localeCompare(b),
  ),
);
writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
process.stdout.write(`Added ${added} platform stub entries to package-lock.json\n`);
