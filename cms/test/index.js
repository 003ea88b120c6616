// Lets `node --test cms/test/` work: Node 22+ treats a directory argument as a module path.
// The usual form is `node --test 'cms/test/*.test.mjs'`.
import "./contract.test.mjs";
