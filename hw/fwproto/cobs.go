package fwproto

import (
	"errors"
	"fmt"
)

// Consistent Overhead Byte Stuffing removes every zero from a body, so that
// a zero byte on the wire always means "end of frame" and a receiver that
// starts mid-stream or meets garbage resynchronises at the next zero. Its
// overhead is bounded (one byte per 254), unlike SLIP's, which doubles a
// body full of its escape bytes.

// cobsEncode appends the COBS encoding of src to dst.
func cobsEncode(dst, src []byte) []byte {
	codeAt := len(dst)
	dst = append(dst, 0) // placeholder for the first code byte
	code := byte(1)
	for _, b := range src {
		if b == 0 {
			dst[codeAt] = code
			codeAt = len(dst)
			dst = append(dst, 0)
			code = 1
			continue
		}
		dst = append(dst, b)
		code++
		if code == 0xFF {
			dst[codeAt] = code
			codeAt = len(dst)
			dst = append(dst, 0)
			code = 1
		}
	}
	dst[codeAt] = code
	return dst
}

var errCOBSZero = errors.New("zero byte inside a frame")

// cobsDecode appends the decoding of one COBS block (without its delimiter)
// to dst.
func cobsDecode(dst, src []byte) ([]byte, error) {
	for i := 0; i < len(src); {
		code := src[i]
		if code == 0 {
			return dst, errCOBSZero
		}
		i++
		end := i + int(code) - 1
		if end > len(src) {
			return dst, fmt.Errorf("code byte 0x%02x at offset %d runs past the frame's %d bytes", code, i-1, len(src))
		}
		for _, b := range src[i:end] {
			if b == 0 {
				return dst, errCOBSZero
			}
		}
		dst = append(dst, src[i:end]...)
		i = end
		if code != 0xFF && i < len(src) {
			dst = append(dst, 0)
		}
	}
	return dst, nil
}
