const { rmSync } = require('node:fs');

module.exports = async function removePgliteTemplate() {
  const template = process.env.TOOLHUB_PGLITE_TEMPLATE;
  if (template) rmSync(template, { recursive: true, force: true });
};
