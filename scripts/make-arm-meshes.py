#!/usr/bin/env python3
"""Writes the meshes of the bundled robot arm (resources/interchange/arm.urdf
and arm.xml) as binary STL files, each in its link's frame (metres):
a pedestal, a turntable, two capsule links and a hand. Run it again only
to change them; the files are committed."""
import math
import os
import struct
import sys

SEGMENTS = 32


def write_stl(path, triangles):
    with open(path, "wb") as f:
        f.write(b"MSTMM Studio arm mesh".ljust(80, b" "))
        f.write(struct.pack("<I", len(triangles)))
        for a, b, c in triangles:
            u = [b[i] - a[i] for i in range(3)]
            v = [c[i] - a[i] for i in range(3)]
            n = [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]
            length = math.sqrt(sum(x * x for x in n)) or 1.0
            f.write(struct.pack("<12fH", *(x / length for x in n), *a, *b, *c, 0))


def surface_of_revolution(profile, axis_frame):
    """profile: (along, radius) pairs from one end to the other; axis_frame
    maps (along, y, z) to the mesh's coordinates. Ends with radius 0 close."""
    rings = []
    for along, radius in profile:
        ring = []
        for k in range(SEGMENTS):
            t = 2 * math.pi * k / SEGMENTS
            ring.append(axis_frame(along, radius * math.cos(t), radius * math.sin(t)))
        rings.append(ring)
    triangles = []
    for r0, r1 in zip(rings, rings[1:]):
        for k in range(SEGMENTS):
            a, b, c, d = r0[k], r0[(k + 1) % SEGMENTS], r1[k], r1[(k + 1) % SEGMENTS]
            triangles += [(a, b, c), (b, d, c)]  # counter-clockwise seen from outside (STL)
    for ring, end in ((rings[0], profile[0]), (rings[-1], profile[-1])):
        if end[1] > 0:  # a flat cap
            centre = axis_frame(end[0], 0.0, 0.0)
            flip = ring is rings[0]
            for k in range(SEGMENTS):
                a, b = ring[k], ring[(k + 1) % SEGMENTS]
                triangles.append((centre, b, a) if flip else (centre, a, b))
    return triangles


def cylinder_z(radius, z0, z1, bevel):
    profile = [(z0, 0.0), (z0, radius - bevel), (z0 + bevel, radius), (z1 - bevel, radius), (z1, radius - bevel), (z1, 0.0)]
    return surface_of_revolution(profile, lambda a, y, z: (y, z, a))


def capsule_x(radius, x0, x1, waist):
    """A link from x0 to x1: hemispherical ends, narrowing to `waist` times
    its radius in the middle."""
    profile = [(x0 - radius, 0.0)]
    for k in range(1, 8):
        t = math.pi / 2 * k / 8
        profile.append((x0 - radius * math.cos(t), radius * math.sin(t)))
    for k in range(0, 11):
        s = k / 10
        profile.append((x0 + s * (x1 - x0), radius * (1 - (1 - waist) * math.sin(math.pi * s))))
    for k in range(1, 8):
        t = math.pi / 2 * (8 - k) / 8
        profile.append((x1 + radius * math.cos(t), radius * math.sin(t)))
    profile.append((x1 + radius, 0.0))
    return surface_of_revolution(profile, lambda a, y, z: (a, y, z))


def box(lo, hi):
    x = (lo[0], hi[0])
    y = (lo[1], hi[1])
    z = (lo[2], hi[2])
    p = lambda i, j, k: (x[i], y[j], z[k])
    quads = [
        (p(0, 0, 0), p(0, 1, 0), p(1, 1, 0), p(1, 0, 0)), (p(0, 0, 1), p(1, 0, 1), p(1, 1, 1), p(0, 1, 1)),
        (p(0, 0, 0), p(1, 0, 0), p(1, 0, 1), p(0, 0, 1)), (p(0, 1, 0), p(0, 1, 1), p(1, 1, 1), p(1, 1, 0)),
        (p(0, 0, 0), p(0, 0, 1), p(0, 1, 1), p(0, 1, 0)), (p(1, 0, 0), p(1, 1, 0), p(1, 1, 1), p(1, 0, 1)),
    ]
    return [t for a, b, c, d in quads for t in ((a, b, c), (a, c, d))]


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "resources", "interchange", "meshes")
    os.makedirs(out, exist_ok=True)
    meshes = {
        "pedestal.stl": cylinder_z(0.09, 0.0, 0.1, 0.008),
        "turntable.stl": cylinder_z(0.075, 0.0, 0.05, 0.006) + cylinder_z(0.04, 0.05, 0.07, 0.004),
        "upper_arm.stl": capsule_x(0.038, 0.0, 0.35, 0.75),
        "forearm.stl": capsule_x(0.032, 0.0, 0.3, 0.75),
        "hand.stl": box((0.0, -0.05, -0.02), (0.06, 0.05, 0.02)) + box((0.06, -0.05, -0.008), (0.07, 0.05, 0.008)),
    }
    for name, triangles in meshes.items():
        write_stl(os.path.join(out, name), triangles)
        print(f"{name}: {len(triangles)} triangles")


if __name__ == "__main__":
    main()
