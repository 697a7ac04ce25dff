import packageJson from '../package.json' with { type: 'json' };

/** The package version, as `docsmith --version` prints it. */
export const VERSION: string = packageJson.version;

/** The generator string written into manifests: `docsmith <version>`. */
export const GENERATOR = `${packageJson.name} ${packageJson.version}`;
