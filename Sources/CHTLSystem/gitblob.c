// SHA-1 (FIPS 180-4) for git blob ids: a portable compression function
// and, on x86-64 processors with the SHA extensions, one built on them.
#include "gitblob.h"

#include <stdio.h>
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#include <immintrin.h>
#endif

typedef void (*htl_sha1_blocks)(uint32_t state[5], const uint8_t *data, size_t blocks);

static uint32_t rotate_left(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

static uint32_t big_endian_word(const uint8_t *p) {
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) | ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static void sha1_blocks_portable(uint32_t state[5], const uint8_t *data, size_t blocks) {
    for (; blocks > 0; blocks--, data += 64) {
        uint32_t w[80];
        for (int t = 0; t < 16; t++) w[t] = big_endian_word(data + 4 * t);
        for (int t = 16; t < 80; t++) w[t] = rotate_left(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1);
        uint32_t a = state[0], b = state[1], c = state[2], d = state[3], e = state[4];
        for (int t = 0; t < 80; t++) {
            uint32_t f, k;
            if (t < 20) { f = (b & c) | (~b & d); k = 0x5A827999; }
            else if (t < 40) { f = b ^ c ^ d; k = 0x6ED9EBA1; }
            else if (t < 60) { f = (b & c) | (b & d) | (c & d); k = 0x8F1BBCDC; }
            else { f = b ^ c ^ d; k = 0xCA62C1D6; }
            uint32_t next = rotate_left(a, 5) + f + e + k + w[t];
            e = d; d = c; c = rotate_left(b, 30); b = a; a = next;
        }
        state[0] += a; state[1] += b; state[2] += c; state[3] += d; state[4] += e;
    }
}

#if defined(__x86_64__)
// Four rounds per SHA1RNDS4; its round function is an immediate, one per
// twenty rounds, hence the switch.
__attribute__((target("sha,sse4.1,ssse3")))
static __m128i four_rounds(__m128i abcd, __m128i e, int group) {
    switch (group / 5) {
    case 0: return _mm_sha1rnds4_epu32(abcd, e, 0);
    case 1: return _mm_sha1rnds4_epu32(abcd, e, 1);
    case 2: return _mm_sha1rnds4_epu32(abcd, e, 2);
    default: return _mm_sha1rnds4_epu32(abcd, e, 3);
    }
}

// The message words are kept four to a register, the register for group g
// (words 4g..4g+3) in slot g mod 4; `previous` is A..D before the group's
// rounds, which SHA1NEXTE turns into the next group's E.
__attribute__((target("sha,sse4.1,ssse3")))
static void sha1_blocks_hardware(uint32_t state[5], const uint8_t *data, size_t blocks) {
    const __m128i byte_order = _mm_set_epi64x(0x0001020304050607LL, 0x08090a0b0c0d0e0fLL);
    __m128i abcd = _mm_shuffle_epi32(_mm_loadu_si128((const __m128i *)state), 0x1B);
    __m128i e = _mm_set_epi32((int)state[4], 0, 0, 0);
    for (; blocks > 0; blocks--, data += 64) {
        const __m128i abcd_before = abcd, e_before = e;
        __m128i w[4], previous = e;
        _Pragma("clang loop unroll(full)")
        for (int slot = 0; slot < 4; slot++) {
            w[slot] = _mm_shuffle_epi8(_mm_loadu_si128((const __m128i *)(data + 16 * slot)), byte_order);
        }
        _Pragma("clang loop unroll(full)")
        for (int group = 0; group < 20; group++) {
            int slot = group & 3;
            if (group >= 4) {
                __m128i mixed = _mm_xor_si128(_mm_sha1msg1_epu32(w[slot], w[(group + 1) & 3]), w[(group + 2) & 3]);
                w[slot] = _mm_sha1msg2_epu32(mixed, w[(group + 3) & 3]);
            }
            __m128i with_e = group == 0 ? _mm_add_epi32(e_before, w[0]) : _mm_sha1nexte_epu32(previous, w[slot]);
            previous = abcd;
            abcd = four_rounds(abcd, with_e, group);
        }
        e = _mm_sha1nexte_epu32(previous, e_before);
        abcd = _mm_add_epi32(abcd, abcd_before);
    }
    _mm_storeu_si128((__m128i *)state, _mm_shuffle_epi32(abcd, 0x1B));
    state[4] = (uint32_t)_mm_extract_epi32(e, 3);
}
#endif

// Whether the processor has the SHA extensions (and the SSE they need).
// Asked once per process: under virtualisation each CPUID is a trip to the
// hypervisor. (Two threads asking at once both find the same answer.)
int htl_sha1_hardware_available(void) {
    static int known = -1;
    int answer = __atomic_load_n(&known, __ATOMIC_RELAXED);
    if (answer >= 0) return answer;
    answer = 0;
#if defined(__x86_64__)
    unsigned int a, b, c, d;
    if (__get_cpuid(1, &a, &b, &c, &d) && (c & bit_SSSE3) && (c & bit_SSE4_1) && __get_cpuid_count(7, 0, &a, &b, &c, &d)) {
        answer = (b & bit_SHA) ? 1 : 0;
    }
#endif
    __atomic_store_n(&known, answer, __ATOMIC_RELAXED);
    return answer;
}

static htl_sha1_blocks blocks_function(int hardware) {
#if defined(__x86_64__)
    if (hardware && htl_sha1_hardware_available()) return sha1_blocks_hardware;
#else
    (void)hardware;
#endif
    return sha1_blocks_portable;
}

void htl_git_blob_id(const uint8_t *bytes, size_t count, uint8_t id[20], int hardware) {
    htl_sha1_blocks compress = blocks_function(hardware);
    if (bytes == NULL) bytes = (const uint8_t *)"";
    uint32_t state[5] = {0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0};
    // The header and the first bytes fill the first block (a header is at most 26 bytes).
    uint8_t block[128];
    int header = snprintf((char *)block, 32, "blob %zu", count) + 1;
    size_t total = (size_t)header + count;
    size_t first = count < (size_t)(64 - header) ? count : (size_t)(64 - header);
    memcpy(block + header, bytes, first);
    size_t filled = (size_t)header + first;
    if (filled == 64) {
        compress(state, block, 1);
        filled = 0;
    }
    const uint8_t *rest = bytes + first;
    size_t left = count - first;
    if (filled == 0) {
        compress(state, rest, left / 64);
        rest += left - left % 64;
        left %= 64;
        memcpy(block, rest, left);
        filled = left;
    }
    // Padding: 0x80, zeros, the length in bits as 64 bits big-endian; one block or two.
    block[filled++] = 0x80;
    size_t padded = filled <= 56 ? 64 : 128;
    memset(block + filled, 0, padded - filled);
    uint64_t bits = (uint64_t)total * 8;
    for (int i = 0; i < 8; i++) block[padded - 1 - i] = (uint8_t)(bits >> (8 * i));
    compress(state, block, padded / 64);
    for (int i = 0; i < 5; i++) {
        id[4 * i] = (uint8_t)(state[i] >> 24);
        id[4 * i + 1] = (uint8_t)(state[i] >> 16);
        id[4 * i + 2] = (uint8_t)(state[i] >> 8);
        id[4 * i + 3] = (uint8_t)state[i];
    }
}
