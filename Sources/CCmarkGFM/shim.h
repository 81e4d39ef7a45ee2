#include <cmark-gfm.h>
#include <cmark-gfm-core-extensions.h>

// The node types of the core extensions' nodes, which libcmark-gfm-extensions exports and sets
// when they are registered, though no installed header declares them: read through functions
// (Swift would see the variables as shared mutable state), so that a node's type is compared as
// a number instead of by the name of its type.
extern cmark_node_type CMARK_NODE_STRIKETHROUGH;
extern cmark_node_type CMARK_NODE_TABLE;
extern cmark_node_type CMARK_NODE_TABLE_ROW;
extern cmark_node_type CMARK_NODE_TABLE_CELL;
static inline cmark_node_type notebook_node_strikethrough(void) { return CMARK_NODE_STRIKETHROUGH; }
static inline cmark_node_type notebook_node_table(void) { return CMARK_NODE_TABLE; }
static inline cmark_node_type notebook_node_table_row(void) { return CMARK_NODE_TABLE_ROW; }
static inline cmark_node_type notebook_node_table_cell(void) { return CMARK_NODE_TABLE_CELL; }
