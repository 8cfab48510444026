import {
  formatClock,
  NARRATION_SKIP_SECONDS,
  NARRATION_TICK_MS,
  narrationReducer,
  secondsAt,
  speechChunks,
  speechFrom,
  STOPPED,
  type NarrationEvent,
  type NarrationState,
} from "@/lib/ebook/narration";

const DURATION = 525; // chapter 1, 8:45

const run = (state: NarrationState, ...events: NarrationEvent[]): NarrationState => events.reduce(narrationReducer, state);
const ticks = (n: number): NarrationEvent[] => Array.from({ length: n }, () => ({ type: "tick", duration: DURATION }));
const skip = (seconds: number, duration = DURATION): NarrationEvent => ({ type: "skip", seconds, duration });

describe("narration reducer", () => {
  it("uses the spec's timings: a 0.5 s tick and a 10 s skip", () => {
    expect(NARRATION_TICK_MS).toBe(500);
    expect(NARRATION_SKIP_SECONDS).toBe(10);
  });

  it("starts stopped at zero; play starts at zero", () => {
    expect(STOPPED).toEqual({ status: "stopped", progress: 0 });
    expect(run(STOPPED, { type: "play" })).toEqual({ status: "playing", progress: 0 });
  });

  it("play while playing changes nothing (same object)", () => {
    const playing = run(STOPPED, { type: "play" }, ...ticks(3));
    expect(narrationReducer(playing, { type: "play" })).toBe(playing);
  });

  it("each tick adds half a second while playing", () => {
    expect(run(STOPPED, { type: "play" }, ...ticks(1)).progress).toBe(0.5);
    expect(run(STOPPED, { type: "play" }, ...ticks(4)).progress).toBe(2);
    expect(run(STOPPED, { type: "play" }, ...ticks(20))).toEqual({ status: "playing", progress: 10 });
  });

  it("ticks do nothing while stopped", () => {
    expect(run(STOPPED, ...ticks(5))).toBe(STOPPED);
  });

  it("stops with progress zero on reaching the chapter duration", () => {
    const justBefore = run(STOPPED, { type: "play" }, ...ticks(DURATION * 2 - 1));
    expect(justBefore).toEqual({ status: "playing", progress: DURATION - 0.5 });
    expect(run(justBefore, ...ticks(1))).toEqual(STOPPED);
  });

  it("skips forward and back by 10 s while playing", () => {
    const at5 = run(STOPPED, { type: "play" }, ...ticks(10));
    expect(run(at5, skip(10)).progress).toBe(15);
    expect(run(at5, skip(10), skip(10), skip(-10)).progress).toBe(15);
  });

  it("clamps skipping between 0 and the duration", () => {
    const at5 = run(STOPPED, { type: "play" }, ...ticks(10));
    expect(run(at5, skip(-10))).toEqual({ status: "playing", progress: 0 });
    const nearEnd = run(STOPPED, { type: "play" }, ...ticks(2 * (DURATION - 4)));
    expect(run(nearEnd, skip(10))).toEqual({ status: "playing", progress: DURATION });
    // The next tick then reaches the duration and stops.
    expect(run(nearEnd, skip(10), ...ticks(1))).toEqual(STOPPED);
  });

  it("skip does nothing while stopped", () => {
    expect(run(STOPPED, skip(10))).toBe(STOPPED);
    expect(run(STOPPED, skip(-10))).toBe(STOPPED);
  });

  it.each(["stop", "end", "error"] as const)("%s returns to stopped with progress zero", (type) => {
    const playing = run(STOPPED, { type: "play" }, ...ticks(30), skip(10));
    expect(playing.progress).toBe(25);
    expect(run(playing, { type })).toEqual(STOPPED);
    expect(run(STOPPED, { type })).toBe(STOPPED);
  });

  it("play after a stop starts from zero again", () => {
    const again = run(STOPPED, { type: "play" }, ...ticks(8), { type: "stop" }, { type: "play" });
    expect(again).toEqual({ status: "playing", progress: 0 });
  });
});

describe("formatClock", () => {
  it("writes m:ss like the chapter durations", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(9.5)).toBe("0:09");
    expect(formatClock(70)).toBe("1:10");
    expect(formatClock(525)).toBe("8:45");
    expect(formatClock(1155)).toBe("19:15");
    expect(formatClock(-3)).toBe("0:00");
  });
});

describe("speechChunks", () => {
  it("splits the transcript into paragraphs", () => {
    expect(speechChunks("One.\n\nTwo two.\n\n  \n\nThree.")).toEqual(["One.", "Two two.", "Three."]);
  });
});

describe("narration follows the speech", () => {
  it("a word boundary moves the progress to that word, clamped, only while playing", () => {
    const playing = run(STOPPED, { type: "play" }, ...ticks(4));
    expect(run(playing, { type: "position", seconds: 42.5, duration: DURATION })).toEqual({ status: "playing", progress: 42.5 });
    expect(run(playing, { type: "position", seconds: DURATION + 9, duration: DURATION }).progress).toBe(DURATION);
    expect(run(STOPPED, { type: "position", seconds: 10, duration: DURATION })).toBe(STOPPED);
  });

  it("maps characters to seconds over the whole transcript", () => {
    expect(secondsAt(0, 100, 60)).toBe(0);
    expect(secondsAt(50, 100, 60)).toBe(30);
    expect(secondsAt(500, 100, 60)).toBe(60);
  });

  it("restarts the speech at the start of the word for a position", () => {
    const text = "one two three\n\nfour five six";
    // 27 characters in all ("one two three four five six"); half-way is inside "four" (offset 14).
    const whole = speechFrom(text, 0, 10);
    expect(whole).toEqual({ chunks: ["one two three", "four five six"], offsets: [0, 14], totalChars: 27 });
    const mid = speechFrom(text, 5.5, 10); // char 14.85 -> 14, start of "four"
    expect(mid.chunks).toEqual(["four five six"]);
    expect(mid.offsets).toEqual([14]);
    const inWord = speechFrom(text, 2, 10); // char 5, inside "two" -> back to 4
    expect(inWord.chunks).toEqual(["two three", "four five six"]);
    expect(inWord.offsets).toEqual([4, 14]);
    expect(speechFrom(text, 10, 10).chunks).toEqual(["six"]);
  });
});
