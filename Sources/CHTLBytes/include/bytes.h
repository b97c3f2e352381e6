// What the log parser asks of its bytes, sixteen at a step in vector
// registers: the classes of a line's bytes, the line breaks of a piece
// (Swift's SIMD types are compiled lane by lane here, twenty times the work).
#ifndef HTL_BYTES_H
#define HTL_BYTES_H

/// A byte below 0x20 (a control character, tab included).
#define HTL_BYTES_CONTROL 1
/// A byte above 0x7E (DEL, or outside ASCII).
#define HTL_BYTES_ABOVE_ASCII 2
/// A double quote, or a space right after a space.
#define HTL_BYTES_UNPLAIN 4

/// The classes found among the `count` bytes at `bytes`, as the flags above
/// (a space at `bytes[0]` follows nothing). Reads no byte outside them.
/// When `spaces` is not NULL, it receives which of the first 64 bytes are
/// spaces (bit k: `bytes[k]`).
int htl_byte_classes(const unsigned char *bytes, long count, unsigned long long *spaces);

/// 1 when a line starting with `byte` is certainly no action: `#` (a
/// comment), a line break (an empty line) or a carriage return.
int htl_starts_no_action(unsigned char byte);

/// The line breaks among the `count` bytes at `bytes`, and in
/// `*before_no_action` how many of them are followed (within the bytes) by
/// a byte that starts a line that is no action (`htl_starts_no_action`).
long htl_line_breaks(const unsigned char *bytes, long count, long *before_no_action);

#endif
