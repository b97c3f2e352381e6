// make fuzz links libFuzzer (swiftc -sanitize=fuzzer), whose main() drives
// the input callback in HTLFuzz. In an ordinary build this weak main() only
// says how to build the fuzzer.
#include <stdio.h>

__attribute__((weak)) int main(void) {
    fputs("htl-fuzz: build it with 'make fuzz' (it needs -sanitize=fuzzer)\n", stderr);
    return 2;
}
