#!/usr/bin/env python3
"""Writes the synthetic device files of this folder, each copying one device's behaviour
that real files showed (issue 36, "Real files that still go wrong"); SOURCES.md (one folder
up) says what each copies. Deterministic: every random number comes from a seeded generator,
so running it again writes the same bytes.

    python3 Tests/Fixtures/tracks/synthetic/make_synthetic.py          # writes the files
    python3 Tests/Fixtures/tracks/synthetic/make_synthetic.py --check  # fails if any differs

FIT files are written byte by byte (FIT protocol 1.0 headers, little-endian messages, the
header's and the file's CRC-16), TCX and GPX as text. Each file's own totals (a FIT
session's total_distance, TCX laps' DistanceMeters) are what the device counted in the
simulation; the truth (path length, climb) is printed for the record.
"""
import math
import pathlib
import random
import struct
import sys
from datetime import datetime, timedelta, timezone

HERE = pathlib.Path(__file__).resolve().parent
FIT_EPOCH = datetime(1989, 12, 31, tzinfo=timezone.utc)

# WGS-84 radii of curvature, so that metres here are metres to any geodesic library.
A, E2 = 6_378_137.0, 0.006_694_379_990_14


def radii(latitude):
    s = math.sin(math.radians(latitude))
    w = math.sqrt(1 - E2 * s * s)
    return A * (1 - E2) / w ** 3, A / w  # meridional M, prime vertical N


class Path:
    """A way on the ground: a polyline at 1 m spacing from legs of constant curvature,
    in metres east and north of its origin."""

    def __init__(self, legs, heading=0.0):
        self.points = [(0.0, 0.0)]
        x = y = 0.0
        for length, radius in legs:  # radius > 0 turns left, < 0 right, 0 straight
            for _ in range(int(round(length))):
                if radius:
                    heading += 1.0 / radius
                x += math.sin(heading)
                y += math.cos(heading)
                self.points.append((x, y))

    @property
    def length(self):
        return float(len(self.points) - 1)

    def at(self, s):
        s = min(max(s, 0.0), self.length)
        i = min(int(s), len(self.points) - 2)
        f = s - i
        (x0, y0), (x1, y1) = self.points[i], self.points[i + 1]
        return x0 + (x1 - x0) * f, y0 + (y1 - y0) * f


def winding(rng, length, radius_range, turn_range, straight_range):
    """Legs of a road or trail: straights and bends alternating left and right."""
    legs, total, side = [], 0.0, 1
    while total < length:
        straight = rng.uniform(*straight_range)
        radius = rng.uniform(*radius_range)
        turn = math.radians(rng.uniform(*turn_range))
        legs += [(straight, 0), (radius * turn, side * radius)]
        total += straight + radius * turn
        side = -side if rng.random() < 0.8 else side
    return legs


class Place:
    """Turns metres east and north of an origin into latitude and longitude."""

    def __init__(self, latitude, longitude, scale=1.0):
        self.latitude, self.longitude, self.scale = latitude, longitude, scale
        self.m, self.n = radii(latitude)

    def __call__(self, x, y):
        return (self.latitude + math.degrees(y * self.scale / self.m),
                self.longitude + math.degrees(x * self.scale / (self.n * math.cos(math.radians(self.latitude)))))


class Ride:
    """An athlete moving along `path` at speeds given per metre, simulated every `dt` s,
    standing still where `stops` say (metres along, seconds): `state(t)` is (metres along,
    speed) at a second t of the outing, `stops` the (begin, end) seconds of each stop."""

    def __init__(self, path, speed, stops=(), dt=0.1):
        self.samples = [(0.0, 0.0, speed(0.0))]  # (time, along, speed)
        self.stops = []
        t = s = 0.0
        waiting = sorted(stops)
        while s < path.length:
            if waiting and s >= waiting[0][0]:
                seconds = waiting.pop(0)[1]
                self.samples.append((t + 1e-6, s, 0.0))
                self.stops.append((t, t + seconds))
                t += seconds
                self.samples.append((t, s, 0.0))
                continue
            v = speed(s)
            s = min(s + v * dt, path.length)
            t += dt
            self.samples.append((t, s, v))
        self.duration = t
        self.seconds = math.ceil(t)  # the last whole second, where a device writes its last record
        self._i = 0

    def state(self, t):
        samples = self.samples
        if t < samples[self._i][0]:
            self._i = 0
        while self._i + 1 < len(samples) and samples[self._i + 1][0] <= t:
            self._i += 1
        t0, s0, v0 = samples[self._i]
        if self._i + 1 < len(samples):
            t1, s1, v1 = samples[self._i + 1]
            f = (t - t0) / (t1 - t0) if t1 > t0 else 0
            return s0 + (s1 - s0) * f, v0 + (v1 - v0) * f
        return s0, v0


class Noise:
    """GPS error: a wander correlated over `correlation` seconds (standard deviation
    `wander` metres per axis) plus white jitter of `jitter` metres per fix."""

    def __init__(self, rng, wander, jitter, correlation=30.0):
        self.rng, self.wander, self.jitter, self.correlation = rng, wander, jitter, correlation
        self.x = self.y = 0.0
        self.t = None

    def __call__(self, t):
        if self.t is not None and self.wander:
            a = math.exp(-(t - self.t) / self.correlation)
            b = self.wander * math.sqrt(1 - a * a)
            self.x = a * self.x + b * self.rng.gauss(0, 1)
            self.y = a * self.y + b * self.rng.gauss(0, 1)
        self.t = t
        return self.x + self.rng.gauss(0, self.jitter), self.y + self.rng.gauss(0, self.jitter)


# ---------------------------------------------------------------------------- FIT

def fit_time(date):
    return int((date - FIT_EPOCH).total_seconds())


def crc16(data, crc=0):
    table = [0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
             0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400]
    for byte in data:
        tmp = table[crc & 0xF]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ table[byte & 0xF]
        tmp = table[crc & 0xF]
        crc = (crc >> 4) & 0x0FFF
        crc = crc ^ tmp ^ table[(byte >> 4) & 0xF]
    return crc


# FIT base types: (number, struct code, invalid value)
ENUM, UINT8, UINT16, SINT32, UINT32, UINT32Z = (0x00, "B", 0xFF), (0x02, "B", 0xFF), (0x84, "H", 0xFFFF), \
    (0x85, "i", 0x7FFFFFFF), (0x86, "I", 0xFFFFFFFF), (0x8C, "I", 0)

# Profile fields used: name -> (field number, base type, scale, offset)
FIELDS = {
    "file_id": (0, {"type": (0, ENUM, 1, 0), "manufacturer": (1, UINT16, 1, 0), "product": (2, UINT16, 1, 0),
                    "serial_number": (3, UINT32Z, 1, 0), "time_created": (4, UINT32, 1, 0)}),
    "sport": (12, {"sport": (0, ENUM, 1, 0), "sub_sport": (1, ENUM, 1, 0)}),
    "session": (18, {"timestamp": (253, UINT32, 1, 0), "start_time": (2, UINT32, 1, 0),
                     "total_elapsed_time": (7, UINT32, 1000, 0), "total_timer_time": (8, UINT32, 1000, 0),
                     "total_distance": (9, UINT32, 100, 0), "sport": (5, ENUM, 1, 0), "sub_sport": (6, ENUM, 1, 0),
                     "total_ascent": (22, UINT16, 1, 0), "total_descent": (23, UINT16, 1, 0),
                     "event": (0, ENUM, 1, 0), "event_type": (1, ENUM, 1, 0), "num_laps": (26, UINT16, 1, 0)}),
    "lap": (19, {"timestamp": (253, UINT32, 1, 0), "start_time": (2, UINT32, 1, 0),
                 "total_elapsed_time": (7, UINT32, 1000, 0), "total_timer_time": (8, UINT32, 1000, 0),
                 "total_distance": (9, UINT32, 100, 0), "event": (0, ENUM, 1, 0), "event_type": (1, ENUM, 1, 0),
                 "sport": (25, ENUM, 1, 0)}),
    "record": (20, {"timestamp": (253, UINT32, 1, 0), "position_lat": (0, SINT32, 1, 0), "position_long": (1, SINT32, 1, 0),
                    "altitude": (2, UINT16, 5, 500), "heart_rate": (3, UINT8, 1, 0), "cadence": (4, UINT8, 1, 0),
                    "distance": (5, UINT32, 100, 0), "speed": (6, UINT16, 1000, 0), "power": (7, UINT16, 1, 0)}),
    "event": (21, {"timestamp": (253, UINT32, 1, 0), "event": (0, ENUM, 1, 0), "event_type": (1, ENUM, 1, 0),
                   "event_group": (4, UINT8, 1, 0)}),
    "activity": (34, {"timestamp": (253, UINT32, 1, 0), "total_timer_time": (0, UINT32, 1000, 0),
                      "num_sessions": (1, UINT16, 1, 0), "type": (2, ENUM, 1, 0), "event": (3, ENUM, 1, 0),
                      "event_type": (4, ENUM, 1, 0)}),
}


class FIT:
    """A FIT activity file, message by message; a local type is defined for each distinct
    message layout as it first appears (as devices do)."""

    def __init__(self):
        self.data = bytearray()
        self.layouts = {}

    def message(self, name, **values):
        """Writes one message with the fields given (None: the field's invalid value)."""
        number, fields = FIELDS[name]
        names = tuple(values)
        layout = (name, names)
        if layout not in self.layouts:
            local = len(self.layouts) % 16
            self.layouts = {k: v for k, v in self.layouts.items() if v != local}
            self.layouts[layout] = local
            definition = bytearray([0x40 | local, 0, 0]) + struct.pack("<HB", number, len(names))
            for field in names:
                field_number, base, _, _ = fields[field]
                definition += bytes([field_number, struct.calcsize(base[1]), base[0]])
            self.data += definition
        local = self.layouts[layout]
        body = bytearray([local])
        for field in names:
            _, base, scale, offset = fields[field]
            value = values[field]
            raw = base[2] if value is None else int(round((value + offset) * scale))
            body += struct.pack("<" + base[1], raw)
        self.data += body

    def bytes(self):
        header = bytearray([14, 0x10]) + struct.pack("<HI", 2093, len(self.data)) + b".FIT"
        header += struct.pack("<H", crc16(header))
        whole = header + self.data
        return bytes(whole + struct.pack("<H", crc16(whole)))


def semicircles(degrees):
    return int(round(degrees * 2 ** 31 / 180))


def fit_record(fit, date, position=None, **values):
    """A record at `date`; `position` (latitude, longitude) or None."""
    fields = {"timestamp": fit_time(date)}
    if position is not None:
        fields["position_lat"] = semicircles(position[0]) / 1.0
        fields["position_long"] = semicircles(position[1]) / 1.0
    fields.update(values)
    fit.message("record", **fields)


# ---------------------------------------------------------------------------- text formats

def iso(date):
    return date.strftime("%Y-%m-%dT%H:%M:%SZ")


def tcx_trackpoint(date, position=None, altitude=None, distance=None, heart_rate=None):
    lines = ["          <Trackpoint>", f"            <Time>{iso(date)}</Time>"]
    if position is not None:
        lines += ["            <Position>",
                  f"              <LatitudeDegrees>{position[0]:.7f}</LatitudeDegrees>",
                  f"              <LongitudeDegrees>{position[1]:.7f}</LongitudeDegrees>",
                  "            </Position>"]
    if altitude is not None:
        lines.append(f"            <AltitudeMeters>{altitude:.1f}</AltitudeMeters>")
    if distance is not None:
        lines.append(f"            <DistanceMeters>{distance:.1f}</DistanceMeters>")
    if heart_rate is not None:
        lines.append(f"            <HeartRateBpm><Value>{heart_rate}</Value></HeartRateBpm>")
    lines.append("          </Trackpoint>")
    return "\n".join(lines)


def tcx_document(sport, start, laps, creator):
    """`laps`: (start date, seconds, metres, [tracks of trackpoint text])."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<TrainingCenterDatabase xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2">',
           "  <Activities>", f'    <Activity Sport="{sport}">', f"      <Id>{iso(start)}</Id>"]
    for lap_start, seconds, metres, tracks in laps:
        out += [f'      <Lap StartTime="{iso(lap_start)}">',
                f"        <TotalTimeSeconds>{seconds:.1f}</TotalTimeSeconds>",
                f"        <DistanceMeters>{metres:.1f}</DistanceMeters>",
                "        <Intensity>Active</Intensity>", "        <TriggerMethod>Manual</TriggerMethod>"]
        for track in tracks:
            out += ["        <Track>", *track, "        </Track>"]
        out.append("      </Lap>")
    out += [f'      <Creator xsi:type="Device_t" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><Name>{creator}</Name></Creator>',
            "    </Activity>", "  </Activities>", "</TrainingCenterDatabase>", ""]
    return "\n".join(out).encode()


def fit_activity_end(fit, end, timer_seconds):
    fit.message("activity", timestamp=fit_time(end), total_timer_time=timer_seconds, num_sessions=1, type=0,
                event=26, event_type=1)


def total_climb(elevations):
    """Ascent and descent as a device with no noise band counts them: every rise and fall."""
    up = sum(max(0.0, b - a) for a, b in zip(elevations, elevations[1:]))
    down = sum(max(0.0, a - b) for a, b in zip(elevations, elevations[1:]))
    return up, down


# ---------------------------------------------------------------------------- the files

def edge500_clock_jump():
    """A Garmin Edge 500 ride of 43.7 km with a wheel sensor and smart recording (a record
    every 1-6 s), two auto-pauses at traffic lights; its clock starts two years and 3 h 17 min
    behind and is set from GPS 1.1 km in: from that record on, every timestamp is two years
    later. The session and lap start times are on the set clock, as Garmin writes them."""
    rng = random.Random(500)
    path = Path(winding(rng, 43_800, (60, 400), (15, 80), (150, 900)), heading=0.7)
    path.points = path.points[:43_701]
    place = Place(47.2692, 11.4041)
    ride = Ride(path, lambda s: 7.6 + 1.4 * math.sin(s / 2900) + 0.8 * math.sin(s / 730),
                stops=[(14_200, 45), (31_600, 70)])
    noise = Noise(rng, 1.5, 1.0)
    start = datetime(2024, 5, 18, 7, 12, 4, tzinfo=timezone.utc)
    behind = timedelta(days=730, seconds=11_842)
    fit = FIT()
    fit.message("file_id", type=4, manufacturer=1, product=1036, serial_number=3_877_412_606,
                time_created=fit_time(start - behind))
    fit.message("event", timestamp=fit_time(start - behind), event=0, event_type=0, event_group=0)
    elevations, t, clock_set = [], 0, False
    while True:
        s, v = ride.state(t)
        clock_set = clock_set or s >= 1_100
        date = start + timedelta(seconds=t) - (timedelta(0) if clock_set else behind)
        x, y = path.at(s)
        dx, dy = noise(t)
        elevation = 120 + 40 * math.sin(s / 1432) + 15 * math.sin(s / 366)
        recorded = round(elevation * 5) / 5
        elevations.append(recorded)
        fit_record(fit, date, place(x + dx, y + dy), altitude=recorded, heart_rate=int(132 + 12 * math.sin(t / 600)),
                   cadence=int(84 + 6 * math.sin(t / 90)), distance=round(s, 2), speed=round(v, 3))
        step = rng.choice([1, 2, 3, 4, 5, 6])
        for begin, end in ride.stops:
            if t < begin <= t + step:  # the light turns red: the timer stops until it goes on
                fit.message("event", timestamp=fit_time(start + timedelta(seconds=round(begin))), event=0, event_type=4,
                            event_group=0)
                fit.message("event", timestamp=fit_time(start + timedelta(seconds=round(end))), event=0, event_type=0,
                            event_group=0)
                step = math.ceil(end - t)
        if t == ride.seconds:
            break
        t = min(t + step, ride.seconds)
    end = start + timedelta(seconds=ride.seconds)
    timer = ride.seconds - sum(end_ - begin for begin, end_ in ride.stops)
    fit.message("event", timestamp=fit_time(end), event=0, event_type=4, event_group=0)
    ascent, descent = total_climb(elevations)
    fit.message("lap", timestamp=fit_time(end), start_time=fit_time(start), total_elapsed_time=ride.seconds,
                total_timer_time=timer, total_distance=path.length, event=9, event_type=1, sport=2)
    fit.message("session", timestamp=fit_time(end), start_time=fit_time(start), total_elapsed_time=ride.seconds,
                total_timer_time=timer, total_distance=path.length, sport=2, sub_sport=0, total_ascent=round(ascent),
                total_descent=round(descent), event=8, event_type=1, num_laps=1)
    fit_activity_end(fit, end, timer)
    return fit.bytes(), f"path {path.length:.0f} m, {ride.duration:.0f} s"



def vivoactive_before_lock():
    """A Garmin vivoactive HR run of 4,841 m, a record a second: the watch starts counting
    by its accelerometer at once and writes a distance on every record, but its GPS finds
    itself only 274 m in; the records before carry no position."""
    rng = random.Random(2337)
    path = Path(winding(rng, 4_900, (15, 60), (30, 100), (60, 300)), heading=2.1)
    path.points = path.points[:4_842]
    place = Place(43.6591, -79.3857)
    ride = Ride(path, lambda s: 2.95 + 0.25 * math.sin(s / 400))
    noise = Noise(rng, 2.0, 1.0)
    start = datetime(2018, 9, 23, 13, 41, 7, tzinfo=timezone.utc)
    fit = FIT()
    fit.message("file_id", type=4, manufacturer=1, product=2337, serial_number=3_948_112_575, time_created=fit_time(start))
    fit.message("event", timestamp=fit_time(start), event=0, event_type=0, event_group=0)
    for t in range(ride.seconds + 1):
        s, v = ride.state(t)
        x, y = path.at(s)
        dx, dy = noise(t)
        located = s >= 274
        fit_record(fit, start + timedelta(seconds=t), place(x + dx, y + dy) if located else None,
                   heart_rate=int(148 + 8 * math.sin(t / 300)), cadence=86, distance=round(s, 2), speed=round(v, 3))
    end = start + timedelta(seconds=ride.seconds)
    s_end, _ = ride.state(ride.seconds)
    fit.message("event", timestamp=fit_time(end), event=0, event_type=4, event_group=0)
    fit.message("lap", timestamp=fit_time(end), start_time=fit_time(start), total_elapsed_time=ride.seconds,
                total_timer_time=ride.seconds, total_distance=s_end, event=9, event_type=1, sport=1)
    fit.message("session", timestamp=fit_time(end), start_time=fit_time(start), total_elapsed_time=ride.seconds,
                total_timer_time=ride.seconds, total_distance=s_end, sport=1, sub_sport=0, event=8, event_type=1,
                num_laps=1)
    fit_activity_end(fit, end, ride.seconds)
    return fit.bytes(), f"path {path.length:.0f} m, counted {s_end:.1f} m, {ride.duration:.0f} s"


def trail(rng, length, hairpins, weave):
    """A mountain singletrack: switchbacks (a share `hairpins` of the bends) of 3-6 m radius
    turning 150-178 degrees, and between them the trail weaving round roots and rocks (bends
    of 4-8 m radius turning `weave` degrees, 3-8 m apart), which a watch counting steps
    follows and sparse fixes cut."""
    legs, total, side = [], 0.0, 1
    while total < length:
        if rng.random() < hairpins:
            radius, turn = rng.uniform(3, 6), math.radians(rng.uniform(150, 178))
            straight = rng.uniform(10, 30)
        else:
            radius, turn = rng.uniform(4, 8), math.radians(rng.uniform(*weave))
            straight = rng.uniform(3, 8)
        legs += [(straight, 0), (radius * turn, side * radius)]
        total += straight + radius * turn
        side = -side
    return legs


def suunto_trail_battery_saver():
    """A Suunto trail run in a battery-saving GPS mode: a record a second with the watch's
    distance (FusedSpeed: wrist accelerometer calibrated by GPS), a position on only 29 % of
    the records (the GPS on for 10 s of every 34), and no distance yet on the first records."""
    rng = random.Random(9)
    path = Path(trail(rng, 8_300, 0.03, (15, 30)), heading=4.0)
    path.points = path.points[:8_226]
    place = Place(46.0207, 7.7491)
    ride = Ride(path, lambda s: 2.6 + 0.6 * math.sin(s / 350))
    noise = Noise(rng, 1.5, 0.5)
    start = datetime(2021, 7, 11, 6, 2, 45, tzinfo=timezone.utc)
    fit = FIT()
    fit.message("file_id", type=4, manufacturer=23, product=34, serial_number=2_150_377_118, time_created=fit_time(start))
    fit.message("event", timestamp=fit_time(start), event=0, event_type=0, event_group=0)
    positions, records = 0, 0
    for t in range(ride.seconds + 1):
        s, v = ride.state(t)
        located = t % 34 < 10  # the GPS on for 10 s of every 34
        positions += located
        x, y = path.at(s)
        dx, dy = noise(t)
        counted = round(s, 2) if t >= 5 else None
        elevation = 1620 + 0.11 * s + 25 * math.sin(s / 300)
        fit_record(fit, start + timedelta(seconds=t), place(x + dx, y + dy) if located else None,
                   altitude=round(elevation * 5) / 5, heart_rate=int(152 + 9 * math.sin(t / 500)), distance=counted,
                   speed=round(v, 3))
        records += 1
    end = start + timedelta(seconds=ride.seconds)
    counted_end, _ = ride.state(ride.seconds)
    fit.message("lap", timestamp=fit_time(end), start_time=fit_time(start), total_elapsed_time=ride.seconds,
                total_timer_time=ride.seconds, total_distance=counted_end, event=9, event_type=1, sport=1)
    fit.message("session", timestamp=fit_time(end), start_time=fit_time(start), total_elapsed_time=ride.seconds,
                total_timer_time=ride.seconds, total_distance=counted_end, sport=1, sub_sport=3, event=8,
                event_type=1, num_laps=1)
    fit_activity_end(fit, end, ride.seconds)
    return fit.bytes(), (f"path {path.length:.0f} m, counted {counted_end:.1f} m, {positions} of {records} records "
                         f"positioned ({positions / records:.0%})")


def suunto_spartan_laps():
    """A Suunto Spartan trail run as Movescount exports it to TCX: 32 laps with the watch's
    distance, a trackpoint every 10 s with a position (GPS accuracy "OK") and no
    DistanceMeters in any trackpoint."""
    rng = random.Random(32)
    path = Path(trail(rng, 5_800, 0.1, (25, 50)), heading=1.0)
    path.points = path.points[:5_730]
    place = Place(61.4981, 23.7610)
    ride = Ride(path, lambda s: 2.4 + 0.5 * math.sin(s / 280))
    noise = Noise(rng, 2.5, 1.0)
    start = datetime(2019, 10, 6, 8, 15, 0, tzinfo=timezone.utc)
    duration = ride.seconds
    ends = sorted(rng.sample(range(60, duration - 30), 31)) + [duration]
    laps, lap_start = [], 0
    for lap_end in ends:
        points = []
        for t in range(lap_start, lap_end, 10):
            s, _ = ride.state(t)
            x, y = path.at(s)
            dx, dy = noise(t)
            points.append(tcx_trackpoint(start + timedelta(seconds=t), place(x + dx, y + dy),
                                         altitude=410 + 30 * math.sin(s / 500), heart_rate=int(150 + 10 * math.sin(t / 400))))
        metres = ride.state(lap_end)[0] - ride.state(lap_start)[0]
        laps.append((start + timedelta(seconds=lap_start), lap_end - lap_start, metres, [points]))
        lap_start = lap_end
    total = sum(lap[2] for lap in laps)
    return tcx_document("Running", start, laps, "Suunto Spartan Ultra"), f"path {path.length:.0f} m, laps {total:.1f} m"


def coros_open_water():
    """A COROS open-water swim of 975 m around three buoys: a record a second, a position
    only when the wrist is out of the water (and then off by metres), no distance in the
    records; the watch's count of the swim is in its lap and its session."""
    rng = random.Random(975)
    legs = []
    for side in range(3):  # a triangle of buoys, each side swum weaving between sightings
        for k in range(40):
            legs += [(2, 0), (7, 6 if k % 2 else -6)]
        legs.append((12, 6))
    path = Path(legs, heading=0.3)
    path.points = path.points[:976]
    place = Place(45.4408, 12.3155)
    ride = Ride(path, lambda s: 1.25 + 0.1 * math.sin(s / 90))
    noise = Noise(rng, 1.5, 0.5, correlation=20)
    start = datetime(2022, 6, 19, 7, 30, 12, tzinfo=timezone.utc)
    fit = FIT()
    fit.message("file_id", type=4, manufacturer=294, product=843, serial_number=1_204_551_870, time_created=fit_time(start))
    fit.message("event", timestamp=fit_time(start), event=0, event_type=0, event_group=0)
    for t in range(ride.seconds + 1):
        s, _ = ride.state(t)
        x, y = path.at(s)
        dx, dy = noise(t)
        located = rng.random() < 0.3
        fit_record(fit, start + timedelta(seconds=t), place(x + dx, y + dy) if located else None,
                   heart_rate=None, cadence=28)
    end = start + timedelta(seconds=ride.seconds)
    counted, _ = ride.state(ride.seconds)
    fit.message("lap", timestamp=fit_time(end), start_time=fit_time(start), total_elapsed_time=ride.seconds,
                total_timer_time=ride.seconds, total_distance=counted, event=9, event_type=1, sport=5)
    fit.message("session", timestamp=fit_time(end), start_time=fit_time(start), total_elapsed_time=ride.seconds,
                total_timer_time=ride.seconds, total_distance=counted, sport=5, sub_sport=18, event=8,
                event_type=1, num_laps=1)
    fit_activity_end(fit, end, ride.seconds)
    return fit.bytes(), f"path {path.length:.0f} m, counted {counted:.1f} m, {ride.duration:.0f} s"


def zwift_virtual_ride():
    """A Zwift ride (FIT sport cycling, sub_sport virtual_activity) as Zwift writes it: a
    record a second with the trainer's speed, power, cadence and distance (none on the
    first three records, as in null_compressed_speed_dist.fit), positions on the game's
    world, whose map is drawn 11.8 % larger than the game's distances, and a warp to a
    meetup half-way (the rider placed 2.4 km on in a second)."""
    rng = random.Random(260)
    world = Path(winding(rng, 29_000, (80, 500), (10, 90), (200, 1200)), heading=5.5)
    place = Place(-11.6402, 166.9487, scale=1.118)
    ride_path = Path([])
    ride_path.points = world.points[:26_401]
    ride = Ride(ride_path, lambda s: 8.2 + 1.8 * math.sin(s / 1800))
    start = datetime(2023, 1, 14, 18, 0, 3, tzinfo=timezone.utc)
    fit = FIT()
    fit.message("file_id", type=4, manufacturer=260, product=0, serial_number=0, time_created=fit_time(start))
    fit.message("sport", sport=2, sub_sport=58)
    fit.message("event", timestamp=fit_time(start), event=0, event_type=0, event_group=0)
    warp = 2_400.0
    for t in range(ride.seconds + 1):
        s, v = ride.state(t)
        x, y = world.at(s + (warp if s > ride_path.length / 2 else 0.0))
        fit_record(fit, start + timedelta(seconds=t), place(x, y), altitude=round((25 + 60 * math.sin(s / 2000)) * 5) / 5,
                   heart_rate=0, cadence=int(88 + 5 * math.sin(t / 60)), distance=round(s, 2) if t >= 3 else None,
                   speed=round(v, 3), power=int(190 + 40 * math.sin(t / 120)))
    end = start + timedelta(seconds=ride.seconds)
    counted, _ = ride.state(ride.seconds)
    fit.message("lap", timestamp=fit_time(end), start_time=fit_time(start), total_elapsed_time=ride.seconds,
                total_timer_time=ride.seconds, total_distance=counted, event=9, event_type=1, sport=2)
    fit.message("session", timestamp=fit_time(end), start_time=fit_time(start), total_elapsed_time=ride.seconds,
                total_timer_time=ride.seconds, total_distance=counted, sport=2, sub_sport=58, event=8,
                event_type=1, num_laps=1)
    fit_activity_end(fit, end, ride.seconds)
    return fit.bytes(), f"trainer {counted:.1f} m, {ride.duration:.0f} s"



def gpx_document(name, sport, points):
    """`points`: (date, (latitude, longitude), elevation)."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<gpx version="1.1" creator="Phone app" xmlns="http://www.topografix.com/GPX/1/1">',
           f"  <trk><name>{name}</name><type>{sport}</type><trkseg>"]
    for date, (latitude, longitude), elevation in points:
        out.append(f'    <trkpt lat="{latitude:.7f}" lon="{longitude:.7f}"><ele>{elevation:.1f}</ele><time>{iso(date)}</time></trkpt>')
    out += ["  </trkseg></trk>", "</gpx>", ""]
    return "\n".join(out).encode()


def phone_elevation():
    """A run recorded by a phone app without a barometer: satellite altitude, 2 m of error
    on each fix, over three hills of 40 m (120 m of climbing), a fix a second."""
    rng = random.Random(40)
    path = Path(winding(rng, 9_200, (30, 150), (20, 90), (100, 500)), heading=0.2)
    path.points = path.points[:9_001]
    place = Place(50.0875, 14.4213)
    ride = Ride(path, lambda s: 3.0 + 0.3 * math.sin(s / 500))
    noise = Noise(rng, 2.0, 1.0)

    def height(s):  # three raised-cosine hills of 40 m, 1.8 km long, on the flat between
        for top in (1_500, 4_500, 7_500):
            if abs(s - top) < 900:
                return 230 + 20 * (1 + math.cos(math.pi * (s - top) / 900))
        return 230

    start = datetime(2023, 4, 2, 9, 5, 0, tzinfo=timezone.utc)
    points = []
    for t in range(ride.seconds + 1):
        s, _ = ride.state(t)
        x, y = path.at(s)
        dx, dy = noise(t)
        points.append((start + timedelta(seconds=t), place(x + dx, y + dy), height(s) + rng.gauss(0, 2.0)))
    return gpx_document("Morning Run", "running", points), "three 40 m hills: 120 m of ascent"



def edge500_gps_gaps():
    """A Garmin Edge 500 ride with a wheel sensor, as a TCX: a mountain road through forest
    where the GPS is lost 30 times for 15-75 s, under trees and on hairpins; the wheel keeps
    counting, every trackpoint carries its DistanceMeters, and each stretch with GPS is a
    `<Track>` of its own, opened by a trackpoint without a position (as the Forerunner 305
    of sample.tcx writes them)."""
    rng = random.Random(30)
    legs = []
    while sum(length for length, _ in legs) < 40_500:
        if rng.random() < 0.25:  # a flight of hairpins up or down a slope
            for _ in range(rng.randint(3, 7)):
                legs += [(rng.uniform(60, 160), 0), (math.pi * rng.uniform(10, 18), rng.choice([1, -1]) * rng.uniform(10, 18))]
        else:
            legs += winding(rng, rng.uniform(1_000, 3_000), (40, 250), (15, 90), (100, 600))
    path = Path(legs, heading=2.5)
    path.points = path.points[:40_201]
    place = Place(45.8326, 6.8652)
    ride = Ride(path, lambda s: 7.0 + 2.0 * math.sin(s / 1500))
    noise = Noise(rng, 1.5, 1.0)
    start = datetime(2013, 8, 3, 8, 30, 0, tzinfo=timezone.utc)
    gaps = sorted(rng.sample(range(120, ride.seconds - 300, 150), 30))
    gaps = [(begin, begin + rng.randint(15, 75)) for begin in gaps]
    tracks, track, t = [], [], 0
    while True:
        s, v = ride.state(t)
        gap = next(((begin, end) for begin, end in gaps if begin <= t < end), None)
        if gap:
            if track:
                tracks.append(track)
                track = []
            t = gap[1]
            s, _ = ride.state(t)
            track.append(tcx_trackpoint(start + timedelta(seconds=t), None, distance=s, heart_rate=int(140 + 10 * math.sin(t / 500))))
        else:
            x, y = path.at(s)
            dx, dy = noise(t)
            track.append(tcx_trackpoint(start + timedelta(seconds=t), place(x + dx, y + dy), altitude=900 + 0.02 * s,
                                        distance=s, heart_rate=int(140 + 10 * math.sin(t / 500))))
        if t == ride.seconds:
            break
        t = min(t + rng.choice([1, 2, 3, 4, 5, 6]), ride.seconds)
    tracks.append(track)
    laps = [(start, ride.seconds, path.length, tracks)]
    return tcx_document("Biking", start, laps, "Edge 500"), f"path {path.length:.0f} m, 30 gaps, {ride.seconds} s"


FILES = {
    "edge500-clock-jump.fit": edge500_clock_jump,
    "vivoactive-before-lock.fit": vivoactive_before_lock,
    "suunto-trail-battery-saver.fit": suunto_trail_battery_saver,
    "suunto-spartan-laps.tcx": suunto_spartan_laps,
    "coros-open-water.fit": coros_open_water,
    "zwift-virtual-ride.fit": zwift_virtual_ride,
    "phone-elevation.gpx": phone_elevation,
    "edge500-gps-gaps.tcx": edge500_gps_gaps,
}


def main():
    check = "--check" in sys.argv[1:]
    differing = []
    for name, make in FILES.items():
        content, truth = make()
        target = HERE / name
        print(f"{name}: {len(content)} bytes; {truth}")
        if check:
            if not target.exists() or target.read_bytes() != content:
                differing.append(name)
        else:
            target.write_bytes(content)
    if differing:
        sys.exit(f"not what make_synthetic.py writes: {', '.join(differing)}")


if __name__ == "__main__":
    main()
