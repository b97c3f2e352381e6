// Byte classes of a stretch of text, sixteen bytes at a step in vector
// registers: what the log parser asks of every line (Swift's SIMD types
// are compiled lane by lane here, twenty times the work).
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
int htl_byte_classes(const unsigned char *bytes, long count);

#endif
