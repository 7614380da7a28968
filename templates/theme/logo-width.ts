/** The width a logo `height` px high takes, its aspect ratio kept (square when unknown). */
export function logoWidth(logo: { aspect?: number }, height: number): number {
  return Math.round(height * (logo.aspect ?? 1));
}
