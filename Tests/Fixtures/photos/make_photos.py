"""Writes the photo test files (run from this folder; needs Pillow, libvips' `vips` and
libjpeg-turbo's `cjpeg`, Debian's libvips-tools and libjpeg-turbo-progs).

camera.jpg     640x480 JPEG as a phone writes it: EXIF with a GPS position, the camera's
               make, orientation 6 (turn 90° clockwise to show), a comment and XMP.
alpha.png      300x200 PNG, half transparent.
photo.webp     400x300 WebP with EXIF (a GPS position).
photo.heic     photo.webp as HEIC (by vips, when its HEIF encoder is present).
truncated.jpg  camera.jpg cut in the middle of its pixels.
bomb.png       12000x10000 grey PNG of 120 MB pixels in a few hundred kilobytes.
not-an-image.jpg  an SVG document named .jpg.
liar.jpg       JPEG's first bytes, then a PNG (the JPEG reader finds no JPEG).
animation.gif  a GIF (not a kind taken).
scans.jpg      camera.jpg as a progressive JPEG of 97 scans (a real one has about ten;
               each scan is decoded over the whole image).
interlaced.png 6000x6000 RGBA PNG of 16 bits, interlaced: decoded whole, 288 MB, from a
               file of 280 KB.
"""
import io
import os
import subprocess

from PIL import Image

GPS = {1: "N", 2: (51.0, 30.0, 12.5), 3: "W", 4: (0.0, 7.0, 39.0)}


def exif(orientation=None):
    data = Image.Exif()
    data[0x010F] = "PacelineTestCam"  # Make
    if orientation:
        data[0x0112] = orientation
    data[0x8825] = GPS
    return data


def gradient(width, height, mode="RGB"):
    image = Image.new(mode, (width, height))
    pixels = image.load()
    for y in range(height):
        for x in range(width):
            pixels[x, y] = (x * 255 // width, y * 255 // height, 128) + ((x * 255 // width,) if mode == "RGBA" else ())
    return image


camera = gradient(640, 480)
xmp = b'<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="51,30.2N"/></rdf:RDF></x:xmpmeta>'
camera.save("camera.jpg", exif=exif(6), comment=b"taken at home", xmp=xmp, quality=90)
gradient(300, 200, "RGBA").save("alpha.png")
gradient(400, 300).save("photo.webp", exif=exif(), quality=80)
data = open("camera.jpg", "rb").read()
open("truncated.jpg", "wb").write(data[: len(data) // 2])
Image.new("L", (12000, 10000)).save("bomb.png", optimize=True)
open("not-an-image.jpg", "w").write('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
png = io.BytesIO()
gradient(50, 50).save(png, "PNG")
open("liar.jpg", "wb").write(b"\xff\xd8\xff" + png.getvalue())
gradient(60, 40).save("animation.gif")
try:
    subprocess.run(["vips", "copy", "photo.webp", "photo.heic[compression=hevc]"], check=True)
except (OSError, subprocess.CalledProcessError) as error:
    print("no HEIC written:", error)
script = ["0,1,2: 0 0 0 0;"] + [f"{c}: {k} {min(k + 1, 63)} 0 0;" for c in range(3) for k in range(1, 64, 2)]
open("scans.txt", "w").write("\n".join(script) + "\n")
subprocess.run(["vips", "copy", "camera.jpg", "camera.ppm"], check=True)
subprocess.run(["cjpeg", "-scans", "scans.txt", "-outfile", "scans.jpg", "camera.ppm"], check=True)
subprocess.run(["vips", "black", "black.v", "6000", "6000", "--bands", "4"], check=True)
subprocess.run(["vips", "cast", "black.v", "black16.v", "ushort"], check=True)
subprocess.run(["vips", "pngsave", "black16.v", "interlaced.png", "--interlace", "--bitdepth", "16"], check=True)
for scratch in ["scans.txt", "camera.ppm", "black.v", "black16.v"]:
    os.remove(scratch)
