import fs from 'node:fs';
export * from 'node:fs';
export default fs;
export const globSync = fs.globSync ?? function globSync(pattern) {
  throw new Error(`fs.globSync(${pattern}) needs Node >= 22`);
};
