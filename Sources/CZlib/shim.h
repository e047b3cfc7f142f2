// The system's zlib (Debian: zlib1g-dev, which the Swift toolchain itself needs; Apple
// platforms: the SDK's libz), for the PNG encoder's DEFLATE and CRC-32.
#include <zlib.h>
