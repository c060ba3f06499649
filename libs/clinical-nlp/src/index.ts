// Pure, offline clinical text engine. No Nest, no database: everything with I/O (code
// lookup) is reached through ports that the caller implements.
export {};
