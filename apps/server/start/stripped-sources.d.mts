export declare const strippedSourcesDirectory: string;
export declare function strippedSourceName(text: string): string;
export declare function loadStrippedSources(directory: string): void;
