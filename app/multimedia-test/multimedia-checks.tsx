"use client";

import * as React from "react";
import { Bell, CheckCircle2, Loader2, XCircle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { CanvasAnimation } from "@/components/ebook/canvas-animation";
import { CHIMES, canvasSupported, playChimes, WEB_AUDIO_UNSUPPORTED, WebAudioUnsupportedError, webAudioSupported } from "@/components/ebook/tones";

const noopSubscribe = () => () => undefined;

/** "OK" / "Missing" once the check has run in the browser; null during the server render. */
function useSupport(check: () => boolean): boolean | null {
  return React.useSyncExternalStore(noopSubscribe, check, () => null);
}

function SupportRow({ label, supported, testId }: { label: string; supported: boolean | null; testId: string }) {
  return (
    <li className="flex items-center justify-between gap-4 rounded-lg border bg-white px-4 py-3">
      <span className="font-medium text-slate-900">{label}</span>
      <span
        data-testid={testId}
        data-supported={supported === null ? "unknown" : String(supported)}
        className={
          supported === null
            ? "text-sm text-slate-600"
            : supported
              ? "inline-flex items-center gap-1.5 font-semibold text-green-800"
              : "inline-flex items-center gap-1.5 font-semibold text-red-800"
        }
      >
        {supported === null ? (
          "Checking..."
        ) : supported ? (
          <>
            <CheckCircle2 aria-hidden className="size-4" /> OK
          </>
        ) : (
          <>
            <XCircle aria-hidden className="size-4" /> Missing
          </>
        )}
      </span>
    </li>
  );
}

export function SupportChecks() {
  const audio = useSupport(webAudioSupported);
  const canvas = useSupport(canvasSupported);
  return (
    <ul className="grid gap-3" aria-label="Browser support">
      <SupportRow label="Web Audio API" supported={audio} testId="support-web-audio" />
      <SupportRow label="Canvas 2D" supported={canvas} testId="support-canvas" />
    </ul>
  );
}

const CHIME_LIST = CHIMES.map((c) => `${c.note} (${c.frequency} Hz)`).join(", ");

export function ChimeTest() {
  const [status, setStatus] = React.useState<{ busy: boolean; text: string }>({
    busy: false,
    text: "Press the button to play three chimes: A4, C#5 and E5.",
  });

  async function play() {
    if (!webAudioSupported()) {
      setStatus({ busy: false, text: WEB_AUDIO_UNSUPPORTED });
      return;
    }
    setStatus({ busy: true, text: `Playing chimes: ${CHIME_LIST}...` });
    try {
      await playChimes();
      setStatus({ busy: false, text: "Chimes played. If you heard three rising tones, Web Audio works." });
    } catch (error) {
      setStatus({
        busy: false,
        text: error instanceof WebAudioUnsupportedError ? WEB_AUDIO_UNSUPPORTED : `Audio error: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }

  return (
    <div className="grid gap-3">
      <Button type="button" onClick={play} disabled={status.busy} className="w-fit" data-testid="chime-button">
        {status.busy ? <Loader2 aria-hidden className="animate-spin" /> : <Bell aria-hidden />}
        Play Test Chimes
      </Button>
      <p role="status" data-testid="chime-status" className="text-sm text-slate-700">
        {status.text}
      </p>
    </div>
  );
}

export function ImpactChart() {
  return <CanvasAnimation visual="tariff-impact" label="Tariff Impact Analysis" testId="impact-chart" />;
}
