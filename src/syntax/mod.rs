//! Text to syntax tree: the only module that knows pest. It reads the notation defined
//! by `grammar/lanrick.pest` and lowers it into the [`ast`], spans on every node.
//! It never checks legality.

pub mod ast;
