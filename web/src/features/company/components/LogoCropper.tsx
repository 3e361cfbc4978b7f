import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { Box, Group, Slider, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { LOGO_LIMITS, type TLogoCrop } from '@portal/proto';

/** The crop view's longest side: at most this, less on a narrow screen (the width it is given). */
const VIEW = 360;

/**
 * A square crop over the chosen image (spec §9: cropped; the server stores it at 160 × 160). Drag
 * the square to move it, use the slider to size it; the preview shows exactly what will be stored.
 */
export function LogoCropper({ src, width, height, crop, onChange }: {
  src: string; width: number; height: number; crop: TLogoCrop; onChange: (crop: TLogoCrop) => void;
}) {
  const { t } = useTranslation();
  // The view fits the card: on a phone the card is narrower than VIEW (0 until measured: VIEW).
  const { ref: frame, width: room } = useElementSize();
  const view = room > 0 ? Math.min(VIEW, Math.floor(room)) : VIEW;
  const scale = Math.min(view / width, view / height);
  const drag = useRef<{ x: number; y: number; crop: TLogoCrop } | null>(null);
  const max = Math.min(width, height);
  const clamp = (c: TLogoCrop): TLogoCrop => {
    const size = Math.round(Math.min(Math.max(c.size, LOGO_LIMITS.minSide), max));
    return { size, x: Math.round(Math.min(Math.max(c.x, 0), width - size)), y: Math.round(Math.min(Math.max(c.y, 0), height - size)) };
  };

  function down(e: PointerEvent<HTMLDivElement>) {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, crop };
  }
  function move(e: PointerEvent<HTMLDivElement>) {
    const d = drag.current;
    if (!d) return;
    onChange(clamp({ size: d.crop.size, x: d.crop.x + (e.clientX - d.x) / scale, y: d.crop.y + (e.clientY - d.y) / scale }));
  }

  const preview = LOGO_LIMITS.output / crop.size;
  return (
    <Group align="flex-start" gap="lg" wrap="wrap" ref={frame}>
      <Stack gap={6} maw="100%">
        <Text size="sm" fw={500}>{t('company.logo_crop')}</Text>
        <Box pos="relative" w={width * scale} h={height * scale} style={{ backgroundImage: `url(${src})`, backgroundSize: 'cover', borderRadius: 6, overflow: 'hidden', touchAction: 'none' }}>
          <Box pos="absolute" inset={0} bg="rgba(0,0,0,0.45)" style={{ pointerEvents: 'none' }} />
          <div
            role="slider" aria-label={t('company.logo_crop')} aria-valuenow={crop.x} tabIndex={0}
            onPointerDown={down} onPointerMove={move} onPointerUp={() => { drag.current = null; }}
            onKeyDown={(e) => {
              const step = e.shiftKey ? 20 : 4;
              const delta: Record<string, [number, number]> = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] };
              const d = delta[e.key];
              if (!d) return;
              e.preventDefault();
              onChange(clamp({ ...crop, x: crop.x + d[0], y: crop.y + d[1] }));
            }}
            style={{
              position: 'absolute', left: crop.x * scale, top: crop.y * scale, width: crop.size * scale, height: crop.size * scale,
              backgroundImage: `url(${src})`, backgroundSize: `${width * scale}px ${height * scale}px`,
              backgroundPosition: `${-crop.x * scale}px ${-crop.y * scale}px`, outline: '2px solid white', boxShadow: '0 0 0 1px rgba(0,0,0,0.4)', cursor: 'move',
            }}
          />
        </Box>
        <Text size="xs" c="dimmed">{t('company.logo_zoom')}</Text>
        <Slider min={LOGO_LIMITS.minSide} max={max} value={crop.size} disabled={max <= LOGO_LIMITS.minSide} label={(v) => `${v}px`}
          onChange={(size) => onChange(clamp({ size, x: crop.x + (crop.size - size) / 2, y: crop.y + (crop.size - size) / 2 }))} w={width * scale} />
      </Stack>
      <Stack gap={6}>
        <Text size="sm" fw={500}>{t('company.logo_preview')}</Text>
        <Box w={160} h={160} style={{
          backgroundImage: `url(${src})`, backgroundSize: `${width * preview}px ${height * preview}px`,
          backgroundPosition: `${-crop.x * preview}px ${-crop.y * preview}px`, borderRadius: 8, border: '1px solid var(--mantine-color-gray-3)',
        }} data-testid="logo-preview" />
      </Stack>
    </Group>
  );
}

/** Reads a chosen file: its data URL and pixel size (the browser's check before the server's). */
export function useImageFile(file: File | null) {
  const [state, setState] = useState<{ src: string; width: number; height: number } | null>(null);
  useEffect(() => {
    if (!file) return setState(null);
    let alive = true;
    const reader = new FileReader();
    reader.onload = () => {
      const src = String(reader.result);
      const img = new Image();
      img.onload = () => alive && setState({ src, width: img.naturalWidth, height: img.naturalHeight });
      img.onerror = () => alive && setState({ src, width: 0, height: 0 });
      img.src = src;
    };
    reader.readAsDataURL(file);
    return () => { alive = false; };
  }, [file]);
  return state;
}
