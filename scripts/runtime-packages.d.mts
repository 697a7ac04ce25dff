/** The repository root. */
export declare const ROOT: string;
/** The one list of build-side packages the image removes: the Dockerfile's `npm uninstall` and the tests read it. */
export declare const EXCLUDED_PACKAGES_FILE: string;
/** The CLI commands the image runs. */
export declare const IMAGE_COMMANDS: string[];
/** The package names listed in scripts/runtime-excluded-packages.txt. */
export declare function readExcludedPackages(file?: string): string[];
/** The packages the image's code imports, by name, with the first module that imports each. */
export declare function runtimePackageImports(root?: string, commands?: string[]): Map<string, string>;
/** What is wrong with the excluded list, as sentences (none when it is right). */
export declare function excludedPackageProblems(excluded?: string[], root?: string): string[];
/** The installed packages the given ones need, themselves included, by the lockfile. */
export declare function lockClosure(names: string[], root?: string): Set<string>;
