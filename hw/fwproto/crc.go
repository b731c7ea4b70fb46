package fwproto

// CRC16 is CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF,
// no reflection, no final XOR. Its check value (the CRC of the ASCII bytes
// "123456789") is 0x29B1. Microcontroller SDKs ship it (often as
// "CRC-16-CCITT"), and a table-free loop fits in a few lines of C.
func CRC16(p []byte) uint16 {
	crc := uint16(0xFFFF)
	for _, b := range p {
		crc ^= uint16(b) << 8
		for range 8 {
			if crc&0x8000 != 0 {
				crc = crc<<1 ^ 0x1021
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}
