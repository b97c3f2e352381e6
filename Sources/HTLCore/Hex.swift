/// Two upper-case hexadecimal digits of a byte, for messages (`0xE9`).
package func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String(digits[Int(byte >> 4)]) + String(digits[Int(byte & 0x0F)])
}
