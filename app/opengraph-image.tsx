import { ImageResponse } from "next/og";
import { formatPrice, PLANS, TRIAL_DAYS } from "@/lib/catalog";
import { site } from "@/lib/site";

export const alt = `${site.name}: tariff price alerts and lower-tariff sources`;
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

/** The Open Graph / Twitter card image, generated at build time. */
export default function OpenGraphImage() {
  return new ImageResponse(
    (
      <div
        style={{
          width: "100%",
          height: "100%",
          display: "flex",
          flexDirection: "column",
          justifyContent: "space-between",
          padding: 72,
          background: "linear-gradient(135deg, #0b1b3f 0%, #1d4ed8 100%)",
          color: "white",
          fontFamily: "sans-serif",
        }}
      >
        <div style={{ display: "flex", alignItems: "center", gap: 20, fontSize: 44, fontWeight: 700 }}>
          <div style={{ width: 64, height: 64, borderRadius: 16, background: "white", display: "flex", alignItems: "center", justifyContent: "center", color: "#0b1b3f", fontSize: 44 }}>
            !
          </div>
          {site.name}
        </div>
        <div style={{ display: "flex", flexDirection: "column", gap: 20 }}>
          <div style={{ fontSize: 68, fontWeight: 800, lineHeight: 1.1 }}>Know before tariffs raise your prices</div>
          <div style={{ fontSize: 32, color: "#dbeafe" }}>
            Price alerts, lower-tariff sources and official CPI and PPI data for US households.
          </div>
        </div>
        <div style={{ display: "flex", gap: 24, fontSize: 28 }}>
          <div style={{ background: "rgba(255,255,255,0.15)", padding: "12px 24px", borderRadius: 999 }}>{`${TRIAL_DAYS}-day free trial`}</div>
          <div style={{ background: "rgba(255,255,255,0.15)", padding: "12px 24px", borderRadius: 999 }}>
            {`Plans from ${formatPrice(PLANS.consumer.amountCents)}/month`}
          </div>
        </div>
      </div>
    ),
    size,
  );
}
