// Declarations of the few packages the guides import whose types the site does
// not install (they are large or pull in native binaries). Each one declares only
// what the guides use, with the package's own names and shapes. Every `.d.ts` of
// this folder is global to all samples (a `setup=` preamble cannot declare a
// module: it is prepended to a block that is itself a module).

declare module 'react-native-reanimated' {
  import type { ComponentType } from 'react'
  export interface SharedValue<T> {
    value: T
  }
  export function useSharedValue<T>(initial: T): SharedValue<T>
  export function useAnimatedProps<P extends object>(updater: () => Partial<P>, deps?: unknown[]): Partial<P>
  export function withTiming(toValue: number, config?: { duration?: number }): number
  export type AnimatedComponent<P> = ComponentType<P & { animatedProps?: Partial<P> }>
  const Animated: {
    createAnimatedComponent<P extends object>(component: ComponentType<P>): AnimatedComponent<P>
    addWhitelistedNativeProps(props: Record<string, boolean>): void
  }
  export default Animated
}

declare module 'react-native-gesture-handler' {
  import type { ReactNode } from 'react'
  interface BaseGesture<E> {
    runOnJS(runOnJS: boolean): this
    onBegin(callback: (event: E) => void): this
    onUpdate(callback: (event: E) => void): this
    onEnd(callback: (event: E, success: boolean) => void): this
  }
  export interface TapGesture extends BaseGesture<{ x: number; y: number; absoluteX: number; absoluteY: number }> {}
  export interface PinchGesture extends BaseGesture<{ scale: number; velocity: number; focalX: number; focalY: number }> {}
  export type GestureType = TapGesture | PinchGesture
  export const Gesture: {
    Tap(): TapGesture
    Pinch(): PinchGesture
  }
  export function GestureDetector(props: { gesture: GestureType; children: ReactNode }): ReactNode
}

declare module '@react-navigation/native' {
  export function useIsFocused(): boolean
}

declare module '@react-native-camera-roll/camera-roll' {
  export const CameraRoll: {
    saveAsset(tag: string, options?: { type?: 'auto' | 'photo' | 'video'; album?: string }): Promise<{ node: { id: string } }>
  }
}

declare module '@shopify/react-native-skia' {
  export interface SkRect {
    x: number
    y: number
    width: number
    height: number
  }
  export interface SkColor extends Float32Array {}
  export enum PaintStyle {
    Fill = 0,
    Stroke = 1,
  }
  export interface SkImageFilter {}
  export interface SkRuntimeEffect {}
  export interface SkRuntimeShaderBuilder {}
  export interface SkPaint {
    setColor(color: SkColor): void
    setStyle(style: PaintStyle): void
    setStrokeWidth(width: number): void
    setImageFilter(filter: SkImageFilter | null): void
  }
  export interface SkImage {
    width(): number
    height(): number
  }
  export interface SkCanvas {
    drawRect(rect: SkRect, paint: SkPaint): void
    drawImage(image: SkImage, x: number, y: number, paint?: SkPaint): void
  }
  export interface SkSurface {
    getCanvas(): SkCanvas
    makeImageSnapshot(): SkImage
  }
  export const Skia: {
    Paint(): SkPaint
    Color(color: string): SkColor
    XYWHRect(x: number, y: number, width: number, height: number): SkRect
    RuntimeEffect: { Make(source: string): SkRuntimeEffect | null }
    RuntimeShaderBuilder(effect: SkRuntimeEffect): SkRuntimeShaderBuilder
    ImageFilter: {
      MakeRuntimeShader(builder: SkRuntimeShaderBuilder, childShaderName: string | null, input: SkImageFilter | null): SkImageFilter
    }
  }
}
