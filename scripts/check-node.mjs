// npm runs on the system Node; scripts must run on the pinned Node 26 from the `node` package.
const major = Number(process.versions.node.split('.')[0]);
if (major !== 26) {
  console.error(
    `\nThis project runs on Node 26 (from the "node" devDependency), but scripts run on Node ${process.versions.node}.\n` +
      'The "node" package install script did not run. Re-run `npm install` without --ignore-scripts.\n',
  );
  process.exit(1);
}
