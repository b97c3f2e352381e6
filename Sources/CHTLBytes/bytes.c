#include "bytes.h"

#if defined(__SSE2__)
#include <emmintrin.h>

/// The classes of the sixteen bytes at `at` (one of `bytes`), added to the
/// three masks; whether the byte before each is a space is read from the
/// byte before `at`, or is no for the first byte of `bytes`. Returns which
/// of the sixteen are spaces (bit k: byte `at + k`).
static inline unsigned classes16(const unsigned char *bytes, long at, __m128i *controls, __m128i *above, __m128i *unplain) {
    const __m128i space = _mm_set1_epi8(0x20);
    __m128i v = _mm_loadu_si128((const __m128i *)(bytes + at));
    // Unsigned: v <= 0x1F exactly when min(v, 0x1F) == v; v >= 0x7F when max(v, 0x7F) == v.
    *controls = _mm_or_si128(*controls, _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(0x1F)), v));
    *above = _mm_or_si128(*above, _mm_cmpeq_epi8(_mm_max_epu8(v, _mm_set1_epi8(0x7F)), v));
    __m128i spaces = _mm_cmpeq_epi8(v, space);
    __m128i before = at > 0 ? _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(bytes + at - 1)), space)
                            : _mm_slli_si128(spaces, 1);
    *unplain = _mm_or_si128(*unplain, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x22)), _mm_and_si128(spaces, before)));
    return (unsigned)_mm_movemask_epi8(spaces);
}
#endif

int htl_byte_classes(const unsigned char *bytes, long count, unsigned long long *spaces) {
    int found = 0;
    unsigned long long mask = 0;
#if defined(__SSE2__)
    if (count >= 16) {
        __m128i controls = _mm_setzero_si128();
        __m128i above = _mm_setzero_si128();
        __m128i unplain = _mm_setzero_si128();
        long i = 0;
        for (; i + 16 <= count; i += 16) {
            unsigned m = classes16(bytes, i, &controls, &above, &unplain);
            if (i < 64) mask |= (unsigned long long)m << i;
        }
        // The last few bytes as the last sixteen: some are looked at twice, which changes no answer.
        if (i < count) {
            unsigned m = classes16(bytes, count - 16, &controls, &above, &unplain);
            if (count - 16 < 64) mask |= (unsigned long long)m << (count - 16);
        }
        if (spaces) *spaces = mask;
        if (_mm_movemask_epi8(controls)) found |= HTL_BYTES_CONTROL;
        if (_mm_movemask_epi8(above)) found |= HTL_BYTES_ABOVE_ASCII;
        if (_mm_movemask_epi8(unplain)) found |= HTL_BYTES_UNPLAIN;
        return found;
    }
#endif
    for (long i = 0; i < count; i++) {
        unsigned char b = bytes[i];
        if (b < 0x20) found |= HTL_BYTES_CONTROL;
        if (b > 0x7E) found |= HTL_BYTES_ABOVE_ASCII;
        if (b == 0x22 || (b == 0x20 && i > 0 && bytes[i - 1] == 0x20)) found |= HTL_BYTES_UNPLAIN;
        if (b == 0x20 && i < 64) mask |= 1ull << i;
    }
    if (spaces) *spaces = mask;
    return found;
}

int htl_starts_no_action(unsigned char b) { return b == 0x23 || b == 0x0A || b == 0x0D; }

long htl_line_breaks(const unsigned char *bytes, long count, long *before_no_action) {
    long breaks = 0;
    long followed = 0;
    long i = 0;
#if defined(__SSE2__)
    const __m128i newline = _mm_set1_epi8(0x0A);
    const __m128i one = _mm_set1_epi8(1);
    __m128i breakSums = _mm_setzero_si128();
    __m128i followedSums = _mm_setzero_si128();
    // The last block's break flags, its last byte's moved to the first lane.
    __m128i carried = _mm_setzero_si128();
    for (; i + 16 <= count; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(bytes + i));
        __m128i breaksHere = _mm_cmpeq_epi8(v, newline);
        __m128i starts = _mm_or_si128(breaksHere, _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x23)), _mm_cmpeq_epi8(v, _mm_set1_epi8(0x0D))));
        // Whether the byte before each is a line break.
        __m128i after = _mm_or_si128(_mm_slli_si128(breaksHere, 1), carried);
        carried = _mm_srli_si128(breaksHere, 15);
        // Sums of ones, eight lanes at a time, in two 64-bit halves.
        breakSums = _mm_add_epi64(breakSums, _mm_sad_epu8(_mm_and_si128(breaksHere, one), _mm_setzero_si128()));
        followedSums = _mm_add_epi64(followedSums, _mm_sad_epu8(_mm_and_si128(_mm_and_si128(after, starts), one), _mm_setzero_si128()));
    }
    breaks = _mm_cvtsi128_si64(breakSums) + _mm_cvtsi128_si64(_mm_unpackhi_epi64(breakSums, breakSums));
    followed = _mm_cvtsi128_si64(followedSums) + _mm_cvtsi128_si64(_mm_unpackhi_epi64(followedSums, followedSums));
    // A break that ends the last block, followed by the first byte of the rest.
    if (i > 0 && i < count && bytes[i - 1] == 0x0A && htl_starts_no_action(bytes[i])) followed++;
#endif
    for (; i < count; i++) {
        if (bytes[i] != 0x0A) continue;
        breaks++;
        if (i + 1 < count && htl_starts_no_action(bytes[i + 1])) followed++;
    }
    *before_no_action = followed;
    return breaks;
}
